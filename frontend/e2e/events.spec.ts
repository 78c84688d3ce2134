import { test } from '@playwright/test'

import { eventsJourney } from './events-journey'

// The events journey with JavaScript on (the steps: e2e/events-journey.ts).
test('staff add a team tournament with a fee; a team registers, pays by UPI, is confirmed, checked in and wins a certificate that verifies', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await eventsJourney(page, browser)
})
