import { SectionHeading } from '@/components/ui/section-heading'
import type { TeamMember } from '@/features/catalog/types'
import { team } from '@/features/catalog/content/home'
import { initials } from '@/features/catalog/utils/initials'

function Avatar({ member }: { member: TeamMember }) {
  if (member.photo_url) {
    return (
      <img
        src={member.photo_url}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
        className="size-24 rounded-full object-cover ring-4 ring-brand-50"
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-24 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800 ring-4 ring-brand-50"
    >
      {initials(member.name)}
    </span>
  )
}

const cardClasses = 'flex flex-col items-center gap-3 rounded-card border border-line bg-white p-6 text-center shadow-card'

/** Hidden entirely when the team list is empty: it is not essential. */
export function TeamSection({ members }: { members: readonly TeamMember[] }) {
  if (members.length === 0) return null

  return (
    <section aria-labelledby="team-heading" className="section-y">
      <div className="container-page flex flex-col gap-10">
        <SectionHeading id="team-heading" title={team.heading} intro={team.intro} align="center" />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {members.map((member) => (
            <li key={member.name} className={cardClasses}>
              <Avatar member={member} />
              <h3 className="text-lg font-bold text-ink">{member.name}</h3>
              <p className="text-sm font-semibold text-accent-700">{member.role}</p>
              {member.bio && <p className="text-ink-muted">{member.bio}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
