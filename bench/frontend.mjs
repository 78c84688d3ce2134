#!/usr/bin/env node
// Frontend benchmark, against the site served as `make run` serves it (the Node server in
// front of gunicorn): first-load JavaScript, each public page's content in the raw HTML,
// Lighthouse mobile, and server-rendered pages per second.
//
//   node bench/frontend.mjs --out bench/out/frontend.json [--base-url URL] [--runs 3]
//        [--only js,html,lighthouse,rate] [--pages /,/courses] [--reports DIR] [--verbose]
//
// Without --base-url the script serves the built site itself (make build first): a fresh
// SQLite database in a temporary folder, migrated (the migrations seed the catalogue), one
// certificate imported for /verify/<ID>, then tests/support/throwaway_server.py
// --front-door on a free port (gunicorn with 2 workers on an internal port, the Node
// server in front), stopped afterwards.
//
// - JavaScript before the home page is interactive: the page loaded in Chromium (no
//   cache) until the network is idle; every script response is counted, gzip level 9.
//   Also /courses, /about, /events, /verify and /login, and the CSS each downloads (none
//   since the stylesheet is in the page). /courses, /about and /events do not hydrate
//   (frontend/src/lib/hydration.ts): their target is no script at all.
// - Raw HTML: every route in /sitemap.xml and /verify/<ID>, fetched without JavaScript:
//   its <h1> and its key figures (the brand, course names and fees, package names,
//   internship domains, the certificate holder) must be in the HTML the server sends.
// - Lighthouse 13 mobile (simulated slow 4G, 4x CPU slowdown), a fresh Chromium per run,
//   --runs times per page: the median score per category, LCP and TBT.
// - Pages per second: wrk on GET /, a course page and GET /api/health through the same
//   front door, in interleaved rounds; the ratio of each page to health is taken within a
//   round and the median over rounds reported (BENCH_SECONDS, BENCH_ROUNDS,
//   BENCH_CONNECTIONS). Then each Lighthouse page's response time, one request at a time.
//
// Benchmarks print numbers; they are not pass/fail tests. The exit status is non-zero only
// when something could not be measured.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { homedir, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const frontend = join(root, 'frontend')
// lighthouse, chrome-launcher and playwright-core are devDependencies of the frontend.
const requireFromFrontend = createRequire(join(frontend, 'package.json'))

const CERTIFICATE_ID = 'BENCH-CERT-0001'
const CERTIFICATE_NAME = 'Bench Certificate Holder'
const JS_PAGES = ['/', '/courses', '/about', '/events', '/verify', '/login']
// Pages that do not hydrate (frontend/src/__tests__/hydration.test.ts holds the list).
const NO_JS_PAGES = new Set(['/courses', '/about', '/events'])
const LIGHTHOUSE_PAGES = ['/', '/courses', '/Web-Development-registration', '/verify', `/verify/${CERTIFICATE_ID}`, '/login']
const RATE_PAGES = ['/', '/Web-Development-registration']
const CATEGORIES = [
  { id: 'performance', target: 98 },
  { id: 'accessibility', target: 100 },
  { id: 'best-practices', target: 100 },
  { id: 'seo', target: 100 },
]
const LCP_TARGET_MS = 1200
const TBT_TARGET_MS = 50
const HOME_JS_TARGET_KB = 110
const HOME_JS_REQUESTS_TARGET = 12
const FRONT_DOOR_TARGET = 300
const SECONDS = Number(process.env.BENCH_SECONDS || 2)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16)
const LATENCY_REQUESTS = 20
const PARTS = ['js', 'html', 'lighthouse', 'rate']
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

function fail(message) {
  console.error(`bench/frontend.mjs: ${message}`)
  process.exit(2)
}

function options() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'base-url': { type: 'string' },
      runs: { type: 'string', default: '3' },
      only: { type: 'string' },
      pages: { type: 'string' },
      reports: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 7).join('\n'))
    process.exit(0)
  }
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive whole number, not "${values.runs}".`)
  const only = values.only ? values.only.split(',').map((p) => p.trim()) : PARTS
  for (const part of only) if (!PARTS.includes(part)) fail(`--only takes some of ${PARTS.join(',')}, not "${part}".`)
  const pages = values.pages ? values.pages.split(',').map((p) => p.trim()) : LIGHTHOUSE_PAGES
  for (const page of pages) if (!page.startsWith('/')) fail(`--pages takes paths such as "/,/courses", not "${page}".`)
  return { ...values, runs, pages, only }
}

const round1 = (n) => Math.round(n * 10) / 10
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

// --- The site, served as make run serves it ---------------------------------------------

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolvePort(port))
    })
  })
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
    return response.ok
  } catch {
    return false
  }
}

async function startSite() {
  if (!existsSync(join(frontend, 'build', 'server', 'index.js'))) fail('frontend/build is missing: build the frontend first (make build).')
  const uvOnPath = spawnSync('sh', ['-c', 'command -v uv'], { encoding: 'utf8' }).stdout.trim()
  const uv = uvOnPath || join(homedir(), '.local', 'bin', 'uv')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const tmp = mkdtempSync(join(tmpdir(), 'bench-frontend-'))
  const varDir = join(tmp, 'var')
  mkdirSync(varDir)
  const env = {
    ...process.env,
    VAR_DIR: varDir,
    DATABASE_URL: `sqlite:///${join(varDir, 'db.sqlite3')}`,
    SITE_URL: base,
    ALLOWED_HOSTS: '127.0.0.1,localhost',
    EMAIL_BACKEND: 'django.core.mail.backends.locmem.EmailBackend',
    LOG_LEVEL: 'WARNING',
  }
  delete env.REDIS_URL
  delete env.DEBUG
  // Django's static files (the admin's): the ones make build collected, as make run serves.
  const collected = join(process.env.VAR_DIR || join(root, 'var'), 'static')
  if (existsSync(collected)) symlinkSync(collected, join(varDir, 'static'), 'dir')
  const manage = (...args) => {
    const result = spawnSync(uv, ['run', '--frozen', 'python', 'backend/manage.py', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (result.status !== 0) fail(`manage.py ${args[0]} failed (exit ${result.status ?? result.error}).`)
  }
  manage('migrate', '--noinput', '--verbosity', '0')
  manage('createcachetable')
  const csv = join(tmp, 'certificates.csv')
  writeFileSync(csv, `CertificateID,Course,Duration,Name\n${CERTIFICATE_ID},Web Development,30 Days,${CERTIFICATE_NAME}\n`)
  manage('import_certificates', csv)
  // Kept after the run (bench/out is not committed): what the servers said, if one failed.
  const log = join(root, 'bench', 'out', 'server.log')
  mkdirSync(dirname(log), { recursive: true })
  // Waits until stdin closes (select: the Node server leaves the shared pipe non-blocking).
  const WAIT_FOR_EOF = 'import select, sys; select.select([sys.stdin], [], [])'
  // The servers live as long as this command's stdin is open: they stop when this script
  // ends, however it ends.
  const server = spawn(
    uv,
    ['run', '--frozen', 'python', 'tests/support/throwaway_server.py', '--front-door', '--port', String(port),
      '--workers', '2', '--log', log, '--', 'python3', '-c', WAIT_FOR_EOF],
    { cwd: root, env, stdio: ['pipe', 'inherit', 'inherit'] },
  )
  const stop = () => {
    if (server.exitCode === null) server.stdin.end()
    rmSync(tmp, { recursive: true, force: true })
  }
  process.on('exit', stop)
  process.once('SIGINT', () => process.exit(130))
  process.once('SIGTERM', () => process.exit(143))
  for (let i = 0; i < 600 && !((await answers(`${base}/healthz`)) && (await answers(`${base}/api/health`))); i++) {
    if (server.exitCode !== null) fail(`the site did not start:\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-3000) : ''}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  if (!(await answers(`${base}/api/health`))) fail(`the site at ${base} is not answering.`)
  return {
    base,
    stop: async () => {
      stop()
      await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r()))
    },
  }
}

// --- JavaScript before the page is interactive ---------------------------------------------

async function jsRows(base, verbose) {
  const playwright = await import(requireFromFrontend.resolve('playwright-core'))
  const chromium = playwright.chromium ?? playwright.default.chromium
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox'],
  })
  const rows = []
  try {
    for (const path of JS_PAGES) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const bodies = []
      page.on('response', (response) => {
        const type = response.request().resourceType()
        if (type === 'script' || type === 'stylesheet') bodies.push(response.body().then((body) => ({ type, url: response.url(), body })))
      })
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
      const loaded = await Promise.all(bodies)
      await context.close()
      const sum = (type) => loaded.filter((r) => r.type === type).reduce((total, r) => total + gzipSync(r.body, { level: 9 }).length, 0) / 1024
      const scripts = loaded.filter((r) => r.type === 'script')
      if (verbose) console.log(`${path}: ${loaded.map((r) => new URL(r.url).pathname).join(' ')}`)
      const js = round1(sum('script'))
      const isHome = path === '/'
      rows.push(
        {
          group: 'Frontend first load',
          measure: 'JavaScript',
          subject: path,
          value: js,
          unit: 'KB gzip',
          target: NO_JS_PAGES.has(path) ? '= 0' : `<= ${HOME_JS_TARGET_KB}`,
          met: NO_JS_PAGES.has(path) ? js === 0 : js <= HOME_JS_TARGET_KB,
          note: `${scripts.length} scripts Chromium loaded until the network was idle`,
        },
        {
          group: 'Frontend first load',
          measure: 'JavaScript requests',
          subject: path,
          value: scripts.length,
          unit: 'requests',
          target: isHome ? `<= ${HOME_JS_REQUESTS_TARGET}` : null,
          met: isHome ? scripts.length <= HOME_JS_REQUESTS_TARGET : null,
        },
        { group: 'Frontend first load', measure: 'CSS', subject: path, value: round1(sum('stylesheet')), unit: 'KB gzip', target: null, met: null },
      )
    }
  } finally {
    await browser.close()
  }
  return rows
}

// --- Each public page's content in the HTML the server sends -------------------------------

/** The visible text of some HTML: no tags, comments, scripts or styles; entities decoded. */
function visibleText(html) {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' })[name])
    .replace(/\s+/g, ' ')
}

async function getJson(url) {
  const response = await fetch(url)
  if (!response.ok) fail(`${url} answered ${response.status}.`)
  return response.json()
}

async function htmlRows(base, verbose) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replaceAll('&amp;', '&')).pathname)
  if (paths.length === 0) fail('/sitemap.xml lists no pages.')
  paths.push(`/verify/${CERTIFICATE_ID}`)
  // The pages' own answers (GET /api/pages/<page>), which the pages are rendered from.
  const [{ site, courses }, { packages }, { domains: internships }] = await Promise.all(
    ['/api/pages/courses', '/api/pages/projects', '/api/pages/internship'].map((p) => getJson(`${base}${p}`)),
  )
  const figures = (path) => {
    const expected = [site.brand_name]
    if (path === '/courses') for (const c of courses) expected.push(c.name, c.payable_fee_display)
    for (const c of courses) if (c.route === path) expected.push(c.name, c.payable_fee_display, c.duration_text)
    if (path === '/projects') for (const p of packages) expected.push(p.name)
    if (path === '/internship') for (const d of internships) expected.push(d.title)
    if (path === `/verify/${CERTIFICATE_ID}`) expected.push(CERTIFICATE_NAME, CERTIFICATE_ID)
    return expected.filter(Boolean)
  }
  const problems = []
  let checked = 0
  for (const path of paths) {
    const response = await fetch(`${base}${encodeURI(path)}`, { redirect: 'manual' })
    const html = await response.text()
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)
    const text = visibleText(html)
    const missing = figures(path).filter((figure) => !text.includes(figure))
    checked += figures(path).length
    const trouble = [
      response.status !== 200 && `status ${response.status}`,
      !(h1 && visibleText(h1[1]).trim()) && 'no <h1>',
      missing.length > 0 && `missing ${missing.map((m) => `"${m}"`).join(', ')}`,
    ].filter(Boolean)
    if (trouble.length) problems.push(`${path}: ${trouble.join('; ')}`)
    if (verbose) console.log(`  ${path}: ${trouble.length ? trouble.join('; ') : `h1 and ${figures(path).length} figures`}`)
  }
  const good = paths.length - problems.length
  return [
    {
      group: 'Server-rendered HTML',
      measure: 'public pages whose raw HTML has the <h1> and key figures',
      subject: `${paths.length} routes (sitemap.xml and /verify/<ID>), ${checked} figures`,
      value: good,
      unit: `of ${paths.length}`,
      target: `= ${paths.length}`,
      met: problems.length === 0,
      note: problems.length ? problems.join(' | ') : 'no JavaScript: fetched as a crawler would',
    },
  ]
}

// --- Lighthouse -----------------------------------------------------------------------------

function failingAudits(lhr) {
  const lines = []
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (ref.weight === 0 && category.id !== 'performance') continue
      if (audit.score === null || audit.score >= 1) continue
      if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue
      const value = audit.displayValue ? ` (${audit.displayValue})` : ''
      lines.push(`    ${category.id}: ${audit.id} ${Math.round(audit.score * 100)}${value}`)
    }
  }
  return [...new Set(lines)]
}

// On a busy machine Chrome sometimes loses the trace (NO_NAVSTART, NO_FCP): try again.
const ATTEMPTS = 3

async function lighthouseRun(url, { lighthouse, chromeLauncher, chromePath }) {
  let problem = ''
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // A fresh browser per run: no cache, service worker or session carries over.
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
    let result
    try {
      result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES.map((c) => c.id),
      })
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error)
    } finally {
      await chrome.kill()
    }
    if (result?.lhr && !result.lhr.runtimeError) return result
    if (result?.lhr?.runtimeError) problem = result.lhr.runtimeError.message
    else if (result) problem = 'no result'
    console.error(`  ${url}: attempt ${attempt} of ${ATTEMPTS} failed: ${problem}`)
  }
  fail(`Lighthouse could not measure ${url}: ${problem} (the servers' log: bench/out/server.log)`)
}

async function lighthouseRows({ base, runs, reports, verbose, pages }) {
  const lighthouse = (await import(requireFromFrontend.resolve('lighthouse'))).default
  const chromeLauncher = await import(requireFromFrontend.resolve('chrome-launcher'))
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'
  if (!existsSync(chromePath)) fail(`${chromePath} is missing: run "make chromium" or set CHROME_PATH.`)
  if (reports) mkdirSync(reports, { recursive: true })
  const rows = []
  for (const path of pages) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c.id, []]))
    const lcp = []
    const tbt = []
    for (let run = 1; run <= runs; run++) {
      const result = await lighthouseRun(`${base}${path}`, { lighthouse, chromeLauncher, chromePath })
      const lhr = result.lhr
      for (const { id } of CATEGORIES) scores[id].push(Math.round(lhr.categories[id].score * 100))
      lcp.push(Math.round(lhr.audits['largest-contentful-paint'].numericValue))
      tbt.push(Math.round(lhr.audits['total-blocking-time'].numericValue))
      if (reports) {
        const name = (path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')) + `-${run}.json`
        writeFileSync(join(reports, name), result.report)
      }
      if (verbose) {
        const summary = CATEGORIES.map(({ id }) => `${id} ${scores[id].at(-1)}`).join(', ')
        console.log(`  ${path} run ${run}: ${summary}, LCP ${lcp.at(-1)} ms, TBT ${tbt.at(-1)} ms`)
        for (const line of failingAudits(lhr)) console.log(line)
      }
    }
    for (const { id, target } of CATEGORIES) {
      const value = median(scores[id])
      rows.push({
        group: 'Lighthouse mobile',
        measure: id,
        subject: path,
        value,
        unit: 'score',
        target: target === 100 ? '= 100' : `>= ${target}`,
        met: value >= target,
        note: `median of ${scores[id].length} runs: ${scores[id].join(', ')}`,
      })
    }
    for (const [measure, values, target] of [
      ['largest contentful paint', lcp, LCP_TARGET_MS],
      ['total blocking time', tbt, TBT_TARGET_MS],
    ]) {
      const value = median(values)
      rows.push({
        group: 'Lighthouse mobile',
        measure,
        subject: path,
        value,
        unit: 'ms',
        target: `<= ${target.toLocaleString('en')}`,
        met: value <= target,
        note: `median of ${values.length} runs: ${values.join(', ')}`,
      })
    }
  }
  return rows
}

// --- Server-rendered pages per second (wrk) ------------------------------------------------

function wrk(url) {
  const result = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, url], { encoding: 'utf8', timeout: (SECONDS + 60) * 1000 })
  if (result.error) fail(`wrk could not run: ${result.error.message} (make wrk installs it).`)
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout)
  if (!rate) fail(`could not read wrk's output:\n${result.stdout}${result.stderr}`)
  const bad = /Non-2xx or 3xx responses:\s+(\d+)/.exec(result.stdout)
  if (bad) fail(`${url}: ${bad[1]} answers were not 200.`)
  return Number(rate[1])
}

async function rateRows(base) {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) fail('wrk is not installed: run "make wrk".')
  const targets = { 'GET /api/health': '/api/health', ...Object.fromEntries(RATE_PAGES.map((p) => [`GET ${p}`, p])) }
  for (const path of Object.values(targets)) {
    const response = await fetch(`${base}${path}`)
    if (response.status !== 200) fail(`${path} answered ${response.status}.`)
    spawnSync('wrk', ['-t1', '-c4', '-d1s', `${base}${path}`]) // warm up
  }
  const rates = Object.fromEntries(Object.keys(targets).map((name) => [name, []]))
  const ratios = Object.fromEntries(RATE_PAGES.map((p) => [`GET ${p}`, []]))
  for (let round = 1; round <= ROUNDS; round++) {
    // Health first and last in each round; the pages are divided by its mean.
    const before = wrk(`${base}/api/health`)
    const pages = Object.fromEntries(Object.keys(ratios).map((name) => [name, wrk(`${base}${targets[name]}`)]))
    const health = (before + wrk(`${base}/api/health`)) / 2
    rates['GET /api/health'].push(health)
    for (const [name, rate] of Object.entries(pages)) {
      rates[name].push(rate)
      ratios[name].push(rate / health)
    }
    console.log(`    round ${round}/${ROUNDS}: health ${Math.round(health)}, ${Object.entries(pages).map(([n, r]) => `${n} ${Math.round(r)}`).join(', ')} req/s`)
  }
  const group = 'Front door (make run)'
  const latency = []
  for (const path of LIGHTHOUSE_PAGES) {
    const times = []
    for (let i = 0; i < LATENCY_REQUESTS; i++) {
      const started = performance.now()
      const response = await fetch(`${base}${path}`)
      await response.arrayBuffer()
      times.push(performance.now() - started)
    }
    latency.push({
      group,
      measure: 'page response time, one at a time',
      subject: `GET ${path}`,
      value: Math.round(median(times)),
      unit: 'ms',
      target: null,
      met: null,
      note: `median of ${LATENCY_REQUESTS}; Lighthouse counts it as time to first byte`,
    })
  }
  // The issue's figure for a page rendered without a cache: GET / at 300 a second or more.
  const rows = Object.keys(targets).map((name) => {
    const value = Math.round(median(rates[name]))
    const target = name === 'GET /' ? FRONT_DOOR_TARGET : null
    return {
      group,
      measure: 'requests per second',
      subject: name,
      value,
      unit: 'req/s',
      target: target === null ? null : `>= ${target}`,
      met: target === null ? null : value >= target,
      note: `wrk -c${CONNECTIONS}, median of ${ROUNDS} rounds of ${SECONDS} s, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')}`,
    }
  })
  for (const name of Object.keys(ratios)) {
    rows.push({
      group,
      measure: 'server-rendered page req/s ratio to GET /api/health',
      subject: name,
      value: Math.round(median(ratios[name]) * 100) / 100,
      unit: 'ratio',
      target: null,
      met: null,
      note: 'both through the Node server; the page asks Django for its data',
    })
  }
  return [...rows, ...latency]
}

// --- Output ---------------------------------------------------------------------------------

function printRows(rows) {
  const table = rows.map((r) => [
    r.group, r.measure, r.subject, `${r.value} ${r.unit}`, r.target ?? '', r.met === null ? '' : r.met ? 'yes' : 'NO',
  ])
  const header = ['group', 'measure', 'subject', 'value', 'target', 'met']
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)))
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()
  console.log(line(header))
  for (const row of table) console.log(line(row))
}

async function main() {
  const opts = options()
  const rows = []
  const site = opts['base-url'] ? { base: opts['base-url'].replace(/\/$/, ''), stop: async () => {} } : await startSite()
  try {
    console.log(`Measuring the site at ${site.base}`)
    if (opts.only.includes('js')) rows.push(...(await jsRows(site.base, opts.verbose)))
    if (opts.only.includes('html')) rows.push(...(await htmlRows(site.base, opts.verbose)))
    if (opts.only.includes('rate')) rows.push(...(await rateRows(site.base)))
    if (opts.only.includes('lighthouse')) {
      rows.push(...(await lighthouseRows({ base: site.base, runs: opts.runs, reports: opts.reports, verbose: opts.verbose, pages: opts.pages })))
    }
  } finally {
    await site.stop()
  }
  if (opts.out) {
    mkdirSync(dirname(resolve(opts.out)), { recursive: true })
    writeFileSync(opts.out, `${JSON.stringify(rows, null, 2)}\n`)
  }
  printRows(rows)
}

await main()
