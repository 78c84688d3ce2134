/** `<site>/<course page>?ref=<code>`: the course page prefills the enrolment form's code. */
export function referralLink(siteUrl: string, route: string, code: string): string {
  const url = new URL(route, siteUrl)
  url.searchParams.set('ref', code)
  return url.toString()
}

/** A WhatsApp share link (wa.me opens the app, or WhatsApp Web, with the text ready). */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

export function referralShareText(courseName: string, code: string, link: string): string {
  return `Join the ${courseName} course with my referral code ${code}: ${link}`
}
