/**
 * The privacy policy's DPDP Act section, as its table of contents lists it. The policy's
 * own text (catalogue content) has a short "Your rights" section already: this one, after
 * it, says what the Act gives and where on the site each right is used.
 */
export const RIGHTS_SECTION = { id: 'dpdp-act-rights', title: 'Your rights under the DPDP Act 2023' } as const
