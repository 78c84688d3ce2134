/** The privacy policy's rights section, as its table of contents lists it. */
export const RIGHTS_SECTION = { id: 'your-rights', title: 'Your rights' } as const
