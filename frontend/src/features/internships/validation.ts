import { FIELD_MESSAGES, fieldErrors, isBlank } from '@/lib/required-fields'

/**
 * The application and task-submission forms check only that required fields are filled;
 * the server checks the rest (links with https, the statement's length, the file's
 * kind) and its 422 field errors are shown at the fields the same way.
 */
export type ApplicationField = 'college' | 'year' | 'profile_url' | 'statement' | 'batch'
export type ApplicationValues = Record<ApplicationField, string>
export type ApplicationErrors = Partial<Record<ApplicationField, string>>

export type SubmissionField = 'link' | 'note'
export type SubmissionValues = Record<SubmissionField, string>
export type SubmissionErrors = Partial<Record<SubmissionField | 'file', string>>

/** The inputs' maxLength (the API's limits; typing stops there). */
export const APPLICATION_LIMITS = { college: 200, year: 40, profile_url: 200 } as const
export const NOTE_MAX = 2000

/** Field order on screen: the first invalid one in this order receives focus. */
export const APPLICATION_FIELDS: readonly ApplicationField[] = ['college', 'year', 'profile_url', 'statement', 'batch']
export const SUBMISSION_FIELDS: readonly SubmissionField[] = ['link', 'note']

export function validateApplicationField(field: ApplicationField, values: ApplicationValues): string | undefined {
  if (field === 'profile_url') return undefined
  return isBlank(values[field]) ? FIELD_MESSAGES.application[field] : undefined
}

export function validateApplication(values: ApplicationValues): ApplicationErrors {
  return fieldErrors(APPLICATION_FIELDS, values, validateApplicationField)
}

export function validateSubmissionField(field: SubmissionField, values: SubmissionValues): string | undefined {
  if (field === 'note') return undefined
  return isBlank(values.link) ? FIELD_MESSAGES.submission.link : undefined
}

export function validateSubmission(values: SubmissionValues): SubmissionErrors {
  return fieldErrors(SUBMISSION_FIELDS, values, validateSubmissionField)
}
