import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end tests against the real server (built app + Django + a fresh database),
 * which the Makefile starts; set E2E_BASE_URL to point elsewhere. Uses Debian's Chromium:
 * Playwright must never download a browser here.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  // Spec files run two at a time (the tests of a file in order, one after another); PW_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.PW_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // A test's ceiling: the long journeys sign up, log in and hash passwords (argon2) on two
  // shared cores; a step's own wait is the expect timeout below.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8000',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The tests (make test-e2e; scripts/e2e.sh runs this project unless told otherwise).
    { name: 'chromium', testIgnore: /(screenshots|\.nojs)\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The same site with JavaScript switched off: pages read completely and the forms work.
    {
      name: 'no-javascript',
      testMatch: /\.nojs\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, javaScriptEnabled: false },
    },
    // Not tests: full-page PNGs of every route for people to look at (make screenshots).
    { name: 'screenshots', testMatch: /screenshots\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
})
