import type { EventRegistration, RegistrationIn } from '@/features/events/types'

/** The largest team an event may set (events.services.MEMBERS_MAX + the captain). */
export const TEAM_MAX = 20

/** The form's name for member `n`'s name (2 … N), the same key as the API's field error. */
export const memberName = (n: number) => `member_${n}_name`
export const memberGameId = (n: number) => `member_${n}_game_id`

/** The member positions the form asks for: 2 … the largest team (none for a solo event). */
export function memberPositions(registration: Pick<EventRegistration, 'team_event' | 'team_max'>): number[] {
  if (!registration.team_event) return []
  const last = Math.min(Math.max(registration.team_max, 1), TEAM_MAX)
  return Array.from({ length: Math.max(last - 1, 0) }, (_, index) => index + 2)
}

/** The hidden field saying the form is a team's (its fields are the captain's and the members'). */
export const TEAM_FIELD = 'team'

/**
 * The API's body from the posted form: the contact (the captain's for a team), and the
 * members up to the last one given, so a gap keeps its position (member 3 left empty
 * between 2 and 4 is refused at member 3's field). Read from the form alone: the API
 * checks the event's team sizes.
 */
export function registrationBody(values: Record<string, string>): RegistrationIn {
  const text = (name: string) => (values[name] ?? '').trim()
  const body: RegistrationIn = { name: text('name'), phone: text('phone'), email: text('email'), team_name: '', game_id: '', coupon: text('coupon') }
  if (values[TEAM_FIELD] !== '1') return body
  const positions = Array.from({ length: TEAM_MAX - 1 }, (_, index) => index + 2)
  const given = positions.filter((n) => text(memberName(n)) || text(memberGameId(n)))
  const last = given.length ? Math.max(...given) : 1
  return {
    ...body,
    team_name: text('team_name'),
    game_id: text('game_id'),
    members: positions.filter((n) => n <= last).map((n) => ({ name: text(memberName(n)), game_id: text(memberGameId(n)) })),
  }
}

/** "2 to 4 players", "3 players": the team's size, the captain included. */
export function teamSizeText(registration: Pick<EventRegistration, 'team_min' | 'team_max'>): string {
  const { team_min: min, team_max: max } = registration
  return min === max ? `${min} players` : `${min} to ${max} players`
}

/** Whether an event takes registrations on its own page (open, not a link off the site, not ended). */
export function registersOnSite(event: { registration_open: boolean; registration_url: string | null; status: string }): boolean {
  return event.registration_open && !event.registration_url && event.status !== 'past'
}
