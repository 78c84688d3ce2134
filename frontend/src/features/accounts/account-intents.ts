/** The account page's forms, by the intent its action reads. */
export const ACCOUNT_INTENTS = {
  details: 'details',
  password: 'password',
  logoutOthers: 'logout-others',
  /** "Delete my account" pressed without JavaScript: the page asks to confirm. */
  deleteStart: 'delete-start',
  delete: 'delete',
} as const

export type AccountIntent = (typeof ACCOUNT_INTENTS)[keyof typeof ACCOUNT_INTENTS]
