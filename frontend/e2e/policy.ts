import { expect, type Page } from '@playwright/test'

/*
 * The Content Security Policy watcher: every `securitypolicyviolation` event and every
 * console error is a problem, except the browser's "Failed to load resource: ... 4xx" line
 * (sample URLs such as /verify/SAMPLE-ID ask the API for records that do not exist).
 */

declare global {
  interface Window {
    reportCspViolation?: (text: string) => Promise<void>
  }
}

/** Collects CSP violations and console errors from every page the test opens. */
export async function watch(page: Page): Promise<() => string[]> {
  const problems: string[] = []
  await page.exposeFunction('reportCspViolation', (text: string) => {
    problems.push(`CSP: ${text} (${page.url()})`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.reportCspViolation?.(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      )
    })
  })
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return
    problems.push(`console: ${text} (${page.url()})`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message} (${page.url()})`))
  return () => problems
}

export async function visit(page: Page, path: string, ready: () => Promise<void>) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBeLessThan(500)
  await ready()
  await page.waitForLoadState('networkidle')
}

