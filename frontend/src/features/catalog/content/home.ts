import { href } from 'react-router'

/**
 * The words on the home page, kept out of the JSX so they can be reviewed (and later
 * moved to the admin) in one place. Numbers are not written here: the figures band counts
 * them from the catalogue, so they are never invented and never go stale.
 */

export type ServiceId = 'web' | 'app' | 'iot' | 'training' | 'consulting'
export type CardIcon = 'web' | 'app' | 'iot' | 'courses' | 'internships' | 'verify'

export const hero = {
  eyebrow: 'Software services & training',
  title: 'Build real software. Learn by building it.',
  intro:
    'We design and ship websites, mobile apps and IoT projects for clients, and teach students the same skills in live online courses and internships.',
  typedPrefix: 'We do',
  primaryCta: { label: 'Explore courses', to: href('/courses') },
  secondaryCta: { label: 'Get a quote', to: href('/getquote') },
  assurance: ['Live online classes', 'Certificates you can verify'],
  /** The cheapest project package's price, as the API writes it (left out when none is listed);
   * project prices are in US dollars (as the company lists them), course fees in rupees: say which. */
  projectsFrom: (price: string) => `Projects from ${price} (US dollars)`,
} as const

export const about = {
  heading: 'About us',
  lead: 'A small team of developers and trainers who care about working software and confident learners.',
  paragraphs: [
    'We build websites, web apps, Android and iOS apps and connected devices for small businesses, start-ups and students with a final-year project. Every project gets a clear quote, regular updates and code that you own.',
    'The same engineers teach our courses. Classes are live and online, in the evening, so college students and working people can join from anywhere on a phone or a laptop. Every course ends with a project and a certificate that anyone can verify on this site.',
  ],
  points: ['Fixed, upfront prices', 'Taught by working developers', 'Certificates verifiable online'],
} as const

export const services = {
  heading: 'What we do',
  intro: 'From a first landing page to a connected device, we take a project from idea to launch — and teach you how it was built.',
  items: [
    {
      id: 'web',
      title: 'Web development',
      body: 'Fast, mobile-first websites and web applications: business sites, portals, dashboards and online shops. Our web packages include hosting and a domain for the first year, SSL, a business e-mail and an SEO-ready build.',
    },
    {
      id: 'app',
      title: 'App development',
      body: 'Android and iOS apps with a clean interface, a secure backend and the APIs to connect them. We design, build, test, publish and then maintain your app.',
    },
    {
      id: 'iot',
      title: 'IoT solutions',
      body: 'Sensors, microcontrollers and the cloud working together: remote monitoring, automation and data dashboards, from a hardware prototype to a working product.',
    },
    {
      id: 'training',
      title: 'Training & internships',
      body: 'Three-month live online courses in web development (MERN), Java, Android and Python, and internships where you work on real tasks every week and earn a completion certificate.',
    },
    {
      id: 'consulting',
      title: 'Maintenance & support',
      body: 'Already have a site or app? We fix bugs, add features, speed it up and keep it secure, billed by the hour with the estimate agreed before we start.',
    },
  ] satisfies ReadonlyArray<{ id: ServiceId; title: string; body: string }>,
}

/** The figures band: every value is computed from the catalogue (figures-section.tsx). */
export const figures = {
  heading: 'At a glance',
} as const

export const serviceCards = {
  heading: 'Start here',
  intro: 'Pick what you need. Every page has prices and details up front.',
  items: [
    { icon: 'web', title: 'Web projects', body: 'Business sites, full-stack apps and online shops with hosting included.', cta: 'See packages', to: href('/projects') },
    { icon: 'app', title: 'App projects', body: 'Android and iOS apps, designed, built, tested and published.', cta: 'See packages', to: href('/projects') },
    { icon: 'iot', title: 'IoT projects', body: 'Sensor integration, cloud connectivity and remote monitoring.', cta: 'See packages', to: href('/projects') },
    { icon: 'courses', title: 'Courses', body: 'Web development, Java, Android and Python — live, online, three months.', cta: 'Browse courses', to: href('/courses') },
    { icon: 'internships', title: 'Internships', body: 'Weekly tasks on real projects and an internship completion certificate.', cta: 'View internships', to: href('/internship') },
    { icon: 'verify', title: 'Certificate verification', body: 'Check that a certificate we issued is genuine, in seconds.', cta: 'Verify a certificate', to: href('/verify') },
  ] satisfies ReadonlyArray<{ icon: CardIcon; title: string; body: string; cta: string; to: string }>,
}

export const callToAction = {
  heading: 'Have a project in mind, or ready to learn?',
  body: 'Tell us what you need and we will reply by e-mail with a clear quote — or join the next batch of our live courses.',
  primary: { label: 'Get a quote', to: href('/getquote') },
  secondary: { label: 'Explore courses', to: href('/courses') },
} as const

export const team = {
  heading: 'Meet the team',
  intro: 'The people who build your projects and teach your classes.',
} as const

export const contact = {
  heading: 'Contact us',
  intro: 'Questions about a course, an internship or a project? Write to us and we will reply by e-mail, usually within one working day.',
} as const
