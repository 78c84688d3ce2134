import type { components } from '@/api/schema'

export type PasswordResetConfirmIn = components['schemas']['PasswordResetConfirmIn']
/** A logged-in account as the API describes it (the page data's `visitor`). */
export type User = components['schemas']['UserOut']
export type LoginIn = components['schemas']['LoginIn']
export type LoginOut = components['schemas']['LoginOut']
export type LogoutOut = components['schemas']['MessageOut']
export type PasswordResetOut = components['schemas']['CodeSentOut']
export type SignupIn = components['schemas']['SignupIn']
/** 202: a code was sent (the account exists once it is entered); 201: signed up at once (PHONE_VERIFICATION off). */
export type SignupOut = components['schemas']['CodeSentOut'] | components['schemas']['MessageOut']
export type CodeSent = components['schemas']['CodeSentOut']
export type SignupVerifyIn = components['schemas']['SignupVerifyIn']
