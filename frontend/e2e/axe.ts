import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** The WCAG 2.1 A and AA rules every page is checked against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe finds nothing on the page as it is now. With `settle` (the default) it first waits for
 * the network to go quiet, so lazy sections (the team) are checked too; a page that keeps a
 * request open or polls is checked at once with `settle: false`.
 */
export async function expectNoAxeViolations(page: Page, { settle = true }: { settle?: boolean } = {}) {
  if (settle) await page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}
