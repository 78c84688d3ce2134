/**
 * The line over the title of a course's page. The server's shell carries these page
 * headers too (app/static-shell.tsx prerenders one per kind; backend/web/views.py fills in
 * the course), so the title paints before the JavaScript has arrived.
 */
export const COURSE_EYEBROWS = {
  course: 'Live online course',
  bootcamp: 'Bootcamp',
  'bootcamp-page': 'One-month bootcamp',
} as const

export type CourseHeaderKind = keyof typeof COURSE_EYEBROWS
