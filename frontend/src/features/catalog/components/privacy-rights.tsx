import { href, Link } from 'react-router'

import { contactPath } from '@/config/paths'
import { RIGHTS_SECTION } from '@/features/catalog/content/privacy-rights'


const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900'

/** The grievance officer as the site settings name them: an email becomes a mailto link. */
function GrievanceContact({ contact }: { contact: string }) {
  const text = contact.trim()
  if (!text) {
    return (
      <Link to={contactPath('Grievance about my personal data')} className={linkClasses}>
        our contact form
      </Link>
    )
  }
  if (EMAIL.test(text)) {
    return (
      <a href={`mailto:${text}`} className={linkClasses}>
        {text}
      </a>
    )
  }
  // A name with an email or phone in one text: each word that is an email is a link.
  return (
    <span className="font-semibold text-ink">
      {text.split(/(\s+)/).map((part, index) =>
        EMAIL.test(part.replace(/[(),;]/g, '')) ? (
          <a key={index} href={`mailto:${part.replace(/[(),;]/g, '')}`} className={linkClasses}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </span>
  )
}

/**
 * The privacy policy's rights section: what India's Digital Personal Data Protection Act
 * 2023 gives a data principal, where on the site each is exercised, and the grievance
 * contact from the site settings.
 */
export function PrivacyRights({ grievanceOfficer }: { grievanceOfficer: string }) {
  const account = (
    <Link to={href('/account')} className={linkClasses}>
      your account page
    </Link>
  )
  return (
    <section aria-labelledby={RIGHTS_SECTION.id} className="mt-10 flex max-w-[70ch] flex-col gap-4 text-ink">
      <h2 id={RIGHTS_SECTION.id} className="scroll-mt-24 text-2xl font-bold tracking-tight text-ink">
        {RIGHTS_SECTION.title}
      </h2>
      <p>
        The Digital Personal Data Protection Act, 2023 gives you these rights over the personal data you have given us. Most of
        them you can use yourself, at once, on {account}.
      </p>
      <ul className="flex list-disc flex-col gap-3 pl-6">
        <li>
          <strong>Access.</strong> See what personal data we hold about you and what we do with it: &ldquo;Download my data&rdquo;
          on {account} saves a copy of your account, enrolments, referral rewards, payout requests and internship work.
        </li>
        <li>
          <strong>Correction.</strong> Correct, complete or update your data: change your name and email on {account}; for
          anything else, write to the grievance officer below.
        </li>
        <li>
          <strong>Erasure.</strong> &ldquo;Delete my account&rdquo; on {account} erases your personal data and retires your
          referral code. Records of payments and rewards are kept without your personal data, for as long as the law on accounts
          requires.
        </li>
        <li>
          <strong>Grievance redressal.</strong> If something is wrong with how we handle your data, tell our grievance officer
          first; if our answer does not settle it, you may complain to the Data Protection Board of India.
        </li>
        <li>
          <strong>Nomination.</strong> Name someone who may use these rights for you if you die or can no longer use them
          yourself: write to the grievance officer with their name and how to reach them.
        </li>
      </ul>
      <p>
        Grievance officer: <GrievanceContact contact={grievanceOfficer} />.
      </p>
    </section>
  )
}
