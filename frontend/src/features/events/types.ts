import type { components } from '@/api/schema'
import type { FormFailure } from '@/lib/form-result'

/** An event page's Register form: solo or a team, for the event or one of its tournaments. */
export type EventRegistration = components['schemas']['EventRegistrationOut']
export type RegistrationTarget = components['schemas']['RegistrationTargetOut']
export type EventResult = components['schemas']['EventResultOut']
export type RegistrationIn = components['schemas']['RegistrationIn']
export type RegistrationOut = components['schemas']['RegistrationOut']

/** The Register form's `intent` (the page's other form, the payment's UTR, is the enrolments'). */
export const REGISTER_INTENT = 'register'

/** The page action's answer to the Register form when it does not redirect: the API's refusal. */
export type RegistrationAnswer = FormFailure & { intent: typeof REGISTER_INTENT }
