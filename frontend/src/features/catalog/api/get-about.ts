import type { components } from '@/api/schema'

/** The about page's text (GET /api/pages/about's `about`); `body_html` is sanitised on the server (nh3) before it is sent. */
export type AboutPage = components['schemas']['AboutOut']
