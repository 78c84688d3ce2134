import type { components } from '@/api/schema'

/** The about page's text (GET /api/pages/about's `about`); `body_html` is sanitised on the server (nh3) before it is sent. */
export type AboutPage = components['schemas']['AboutOut']
/** A course as the catalogue describes it (the bootcamp included, `is_bootcamp`). */
export type Course = components['schemas']['CourseOut']
/** Events split by the server into upcoming and past, by today's date in India (GET /api/pages/events). */
export type EventList = components['schemas']['EventListOut']
export type CatalogEvent = components['schemas']['EventOut']
export type Tournament = components['schemas']['TournamentOut']
/** An internship domain one can apply for (GET /api/pages/internship, /api/pages/home). */
export type InternshipDomain = components['schemas']['InternshipDomainOut']
/** The catalogue's title, description and JSON-LD for a page (a course's name, an event's summary), the pages' `head`. */
export type PageHead = components['schemas']['PageHeadOut']
/** A policy (GET /api/pages/policies/{slug}); `body_html` is sanitised on the server (nh3) before it is sent. */
export type PolicyPage = components['schemas']['PolicyPageOut']
export type PolicySlug = 'terms' | 'privacy' | 'refund'
/** A delivered project on the portfolio page (GET /api/pages/portfolio). */
export type PortfolioItem = components['schemas']['PortfolioItemOut']
/** A row of the training and internship programme (GET /api/pages/training). */
export type ProgrammeRow = components['schemas']['ProgrammeRowOut']
/** A project package with its starting price (GET /api/pages/projects, /api/pages/home). */
export type ProjectPackage = components['schemas']['ProjectPackageOut']
/** The site's settings (brand, contacts, socials): the page data's `site`. */
export type SiteSettings = components['schemas']['SiteOut']
export type SocialLink = SiteSettings['socials'][number]
/** A member of the team on the home page (GET /api/pages/home's `team`). */
export type TeamMember = components['schemas']['TeamMemberOut']
/** A page found from the data (GET /api/pages/path): a course's or the bootcamp's, or an event's, told apart by `kind`. */
export type CoursePageData = components['schemas']['CoursePageData']
export type EventPageData = components['schemas']['EventPageData']
export type PathPageData = CoursePageData | EventPageData
