#!/usr/bin/env node
// Frontend benchmark: first-load JavaScript and CSS per page, and Lighthouse mobile scores.
//
//   node bench/frontend.mjs --out bench/out/frontend.json [--base-url URL] [--runs 3]
//                           [--only sizes|lighthouse] [--pages /,/courses] [--reports DIR] [--verbose]
//
// First load is computed from the Vite build's manifest (frontend/dist/.vite/manifest.json):
// the entry chunk and everything it imports statically (the modulepreloads in index.html),
// plus the page's lazily loaded route module and its static imports, plus the CSS files of
// all those chunks. That is exactly what the browser downloads before the page can render
// its content, independent of network timing; sizes are gzip level 9, what WhiteNoise
// serves. Fonts and images are not counted.
//
// Lighthouse 13 (mobile preset: simulated slow 4G and 4x CPU slowdown) runs against the
// production build served by gunicorn. Without --base-url the script starts its own server
// the way scripts/e2e.sh does: a fresh SQLite database in a temporary folder, migrated (the
// migrations seed the catalogue), on a free port, stopped afterwards. Each page is run
// --runs times and the median score per category is reported.
//
// Benchmarks print numbers; they are not pass/fail tests. The exit status is non-zero only
// when something could not be measured.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { homedir, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const frontend = join(root, 'frontend')
const dist = join(frontend, 'dist')
// lighthouse and chrome-launcher are devDependencies of the frontend.
const requireFromFrontend = createRequire(join(frontend, 'package.json'))

const SIZE_PAGES = ['/', '/courses', '/verify']
const LIGHTHOUSE_PAGES = ['/', '/courses', '/Web-Development-registration', '/verify', '/login']
const CATEGORIES = [
  { id: 'performance', target: 95 },
  { id: 'accessibility', target: 100 },
  { id: 'best-practices', target: 100 },
  { id: 'seo', target: 100 },
]
const HOME_JS_TARGET_KB = 100
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
  if (values.only && !['sizes', 'lighthouse'].includes(values.only)) fail('--only takes "sizes" or "lighthouse".')
  const pages = values.pages ? values.pages.split(',').map((p) => p.trim()) : LIGHTHOUSE_PAGES
  for (const page of pages) if (!page.startsWith('/')) fail(`--pages takes paths such as "/,/courses", not "${page}".`)
  return { ...values, runs, pages }
}

// --- First-load sizes from the Vite manifest ---------------------------------------------

const gzipKB = (path) => gzipSync(readFileSync(path), { level: 9 }).length / 1024
const round1 = (n) => Math.round(n * 10) / 10

function loadManifest() {
  const path = join(dist, '.vite', 'manifest.json')
  if (!existsSync(path)) fail(`${path} is missing: build the frontend first (make build).`)
  return JSON.parse(readFileSync(path, 'utf8'))
}

function pageForPath(path) {
  const table = JSON.parse(readFileSync(join(frontend, 'src', 'config', 'routes.json'), 'utf8'))
  const route = table.routes.find((r) => r.path === path)
  if (!route) fail(`routes.json has no route for ${path}.`)
  return route.page
}

/** The chunks (manifest keys) a key pulls in: itself and its static imports, transitively. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen
  if (!manifest[key]) fail(`the Vite manifest has no entry "${key}".`)
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

export function firstLoad(manifest, page) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  if (entries.length !== 1) fail(`expected one entry chunk in the Vite manifest, found ${entries.length}.`)
  const pageKey = `src/app/routes/${page}.tsx`
  const chunks = closure(manifest, pageKey, closure(manifest, entries[0]))
  const js = new Set([...chunks].map((key) => manifest[key].file))
  const css = new Set([...chunks].flatMap((key) => manifest[key].css ?? []))
  const sum = (files) => [...files].reduce((total, file) => total + gzipKB(join(dist, file)), 0)
  return { jsKB: sum(js), cssKB: sum(css), jsFiles: [...js], cssFiles: [...css] }
}

function sizeRows(verbose) {
  const manifest = loadManifest()
  return SIZE_PAGES.flatMap((path) => {
    const load = firstLoad(manifest, pageForPath(path))
    if (verbose) console.log(`${path}: ${load.jsFiles.join(' ')} ${load.cssFiles.join(' ')}`)
    const isHome = path === '/'
    const js = round1(load.jsKB)
    return [
      {
        group: 'Frontend first load',
        measure: 'JavaScript',
        subject: path,
        value: js,
        unit: 'KB gzip',
        target: isHome ? `<= ${HOME_JS_TARGET_KB}` : null,
        met: isHome ? js <= HOME_JS_TARGET_KB : null,
        note: `${load.jsFiles.length} files: entry, its imports, the page's chunk and its imports (Vite manifest)`,
      },
      {
        group: 'Frontend first load',
        measure: 'CSS',
        subject: path,
        value: round1(load.cssKB),
        unit: 'KB gzip',
        target: null,
        met: null,
      },
    ]
  })
}

// --- A production server on a fresh database ----------------------------------------------

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

async function healthy(base) {
  try {
    const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
    return response.ok
  } catch {
    return false
  }
}

async function startServer() {
  if (!existsSync(join(dist, 'index.html'))) fail('frontend/dist is missing: build the frontend first (make build).')
  const uvOnPath = spawnSync('sh', ['-c', 'command -v uv'], { encoding: 'utf8' }).stdout.trim()
  const uv = uvOnPath || join(homedir(), '.local', 'bin', 'uv')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const tmp = mkdtempSync(join(tmpdir(), 'bench-frontend-'))
  const env = {
    ...process.env,
    VAR_DIR: join(tmp, 'var'),
    DATABASE_URL: `sqlite:///${join(tmp, 'var', 'db.sqlite3')}`,
    SITE_URL: base,
    ALLOWED_HOSTS: '127.0.0.1,localhost',
    EMAIL_BACKEND: 'django.core.mail.backends.locmem.EmailBackend',
  }
  delete env.REDIS_URL
  delete env.DEBUG
  const manage = (...args) => {
    const result = spawnSync(uv, ['run', '--frozen', 'python', 'backend/manage.py', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (result.status !== 0) fail(`manage.py ${args[0]} failed (exit ${result.status ?? result.error}).`)
  }
  manage('collectstatic', '--noinput', '--verbosity', '0')
  manage('migrate', '--noinput', '--verbosity', '0')
  manage('createcachetable')
  const log = []
  const server = spawn(
    uv,
    ['run', '--frozen', 'gunicorn', 'config.wsgi', '--chdir', 'backend', '--bind', `127.0.0.1:${port}`,
      '--workers', '2', '--log-level', 'warning'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  server.stdout.on('data', (chunk) => log.push(chunk))
  server.stderr.on('data', (chunk) => log.push(chunk))
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM')
    rmSync(tmp, { recursive: true, force: true })
  }
  // fail() exits at once: never leave the server behind.
  process.on('exit', stop)
  process.once('SIGINT', () => process.exit(130))
  process.once('SIGTERM', () => process.exit(143))
  for (let i = 0; i < 150 && !(await healthy(base)); i++) {
    if (server.exitCode !== null) {
      stop()
      fail(`the server did not start:\n${Buffer.concat(log).toString()}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  if (!(await healthy(base))) {
    stop()
    fail(`the server at ${base} is not answering:\n${Buffer.concat(log).toString()}`)
  }
  return { base, stop }
}

// --- Lighthouse -----------------------------------------------------------------------------

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

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
  fail(`Lighthouse could not measure ${url}: ${problem}`)
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
    for (let run = 1; run <= runs; run++) {
      const result = await lighthouseRun(`${base}${path}`, { lighthouse, chromeLauncher, chromePath })
      const lhr = result.lhr
      for (const { id } of CATEGORIES) scores[id].push(Math.round(lhr.categories[id].score * 100))
      if (reports) {
        const name = (path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')) + `-${run}.json`
        writeFileSync(join(reports, name), result.report)
      }
      if (verbose) {
        const summary = CATEGORIES.map(({ id }) => `${id} ${scores[id].at(-1)}`).join(', ')
        console.log(`  ${path} run ${run}: ${summary}`)
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
  }
  return rows
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
  if (opts.only !== 'lighthouse') rows.push(...sizeRows(opts.verbose))
  if (opts.only !== 'sizes') {
    const server = opts['base-url'] ? { base: opts['base-url'].replace(/\/$/, ''), stop: () => {} } : await startServer()
    try {
      rows.push(
        ...(await lighthouseRows({
          base: server.base,
          runs: opts.runs,
          reports: opts.reports,
          verbose: opts.verbose,
          pages: opts.pages,
        })),
      )
    } finally {
      server.stop()
    }
  }
  if (opts.out) {
    mkdirSync(dirname(resolve(opts.out)), { recursive: true })
    writeFileSync(opts.out, `${JSON.stringify(rows, null, 2)}\n`)
  }
  printRows(rows)
}

await main()
