/**
 * The payout form's one check before sending: the field is not empty. Whether the UPI ID
 * is well formed is the API's rule alone (referrals.services): its 422 shows at the field.
 * These are the API's own words for an empty UPI ID (backend test
 * test_it_answers_an_empty_upi_id_at_the_field), so the message does not change on sending.
 */
export const UPI_ID_EMPTY = 'Enter a valid UPI ID, for example name@bank.'

export function upiIdError(raw: string): string | undefined {
  return raw.trim() ? undefined : UPI_ID_EMPTY
}
