/**
 * Client-side checks for the application and task-submission forms, mirroring the API's
 * rules and words (issue 19 contract), so people get instant feedback; the server still
 * decides, and its 422 field errors are shown the same way.
 */
export type ApplicationField = 'college' | 'year' | 'profile_url' | 'statement' | 'batch'
export type ApplicationValues = Record<ApplicationField, string>
export type ApplicationErrors = Partial<Record<ApplicationField, string>>

export type SubmissionField = 'link' | 'note'
export type SubmissionValues = Record<SubmissionField, string>
export type SubmissionErrors = Partial<Record<SubmissionField | 'file', string>>

export const APPLICATION_LIMITS = { college: 200, year: 40, profile_url: 200, statementMin: 50, statementMax: 2000 } as const
export const NOTE_MAX = 2000

export const INTERNSHIP_MESSAGES = {
  required: 'This field is required.',
  tooLong: (max: number) => `Ensure this value has at most ${max.toLocaleString('en-IN')} characters.`,
  https: 'Enter a link that starts with https://',
  statement: (count: number) =>
    `Write between 50 and 2,000 characters (you wrote ${count.toLocaleString('en-IN')}).`,
  batch: 'Choose a batch.',
  fileTooLarge: 'The file is larger than 10 MB.',
  fileType: 'Upload a PDF or ZIP file.',
} as const

/** Field order on screen: the first invalid one in this order receives focus. */
export const APPLICATION_FIELDS: readonly ApplicationField[] = ['college', 'year', 'profile_url', 'statement', 'batch']
export const SUBMISSION_FIELDS: readonly SubmissionField[] = ['link', 'note']

/** An absolute https:// address with a host (what the API accepts for links). */
export function isHttpsLink(value: string): boolean {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false
  try {
    return new URL(value).hostname.length > 0
  } catch {
    return false
  }
}

/** What the statement counts as: its text without the spaces around it (as the API counts). */
export function statementLength(value: string): number {
  return value.trim().length
}

export function validateApplicationField(field: ApplicationField, values: ApplicationValues): string | undefined {
  const value = values[field].trim()
  switch (field) {
    case 'college':
    case 'year':
      if (!value) return INTERNSHIP_MESSAGES.required
      return value.length > APPLICATION_LIMITS[field] ? INTERNSHIP_MESSAGES.tooLong(APPLICATION_LIMITS[field]) : undefined
    case 'profile_url':
      if (!value) return undefined
      if (value.length > APPLICATION_LIMITS.profile_url) return INTERNSHIP_MESSAGES.tooLong(APPLICATION_LIMITS.profile_url)
      return isHttpsLink(value) ? undefined : INTERNSHIP_MESSAGES.https
    case 'statement': {
      const count = statementLength(value)
      return count < APPLICATION_LIMITS.statementMin || count > APPLICATION_LIMITS.statementMax
        ? INTERNSHIP_MESSAGES.statement(count)
        : undefined
    }
    case 'batch':
      return value ? undefined : INTERNSHIP_MESSAGES.batch
  }
}

export function validateApplication(values: ApplicationValues): ApplicationErrors {
  const errors: ApplicationErrors = {}
  for (const field of APPLICATION_FIELDS) {
    const error = validateApplicationField(field, values)
    if (error) errors[field] = error
  }
  return errors
}

export function validateSubmissionField(field: SubmissionField, values: SubmissionValues): string | undefined {
  const value = values[field].trim()
  if (field === 'link') {
    if (!value) return INTERNSHIP_MESSAGES.required
    return isHttpsLink(value) ? undefined : INTERNSHIP_MESSAGES.https
  }
  return value.length > NOTE_MAX ? INTERNSHIP_MESSAGES.tooLong(NOTE_MAX) : undefined
}

export function validateSubmission(values: SubmissionValues): SubmissionErrors {
  const errors: SubmissionErrors = {}
  for (const field of SUBMISSION_FIELDS) {
    const error = validateSubmissionField(field, values)
    if (error) errors[field] = error
  }
  return errors
}
