// Renders the app shell the server sends before any script runs (src/app/static-shell.tsx)
// and writes it to dist/.vite/app-shell.json, next to Vite's manifest: run after `vite
// build` (npm run build does). The module is built for Node with the project's Vite config
// into node_modules/.cache (so that its imports resolve to the project's packages),
// imported, and the folder removed.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { build } from 'vite'

const frontend = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const target = join(frontend, 'dist', '.vite', 'app-shell.json')
const out = join(frontend, 'node_modules', '.cache', 'app-shell')

try {
  await build({
    root: frontend,
    configFile: join(frontend, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/app/static-shell.tsx',
      outDir: out,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'static-shell.mjs' } },
    },
  })
  const shell = await import(pathToFileURL(join(out, 'static-shell.mjs')).href)
  const { BRAND_TOKEN, PAGE_HEADER_TOKEN, TITLE_TOKEN, INTRO_TOKEN } = shell
  const shells = shell.renderStaticShells()
  for (const [variant, html] of Object.entries(shells)) {
    if (!html.includes(BRAND_TOKEN)) throw new Error(`the ${variant} shell does not show the brand token`)
    if (!html.includes(PAGE_HEADER_TOKEN)) throw new Error(`the ${variant} shell has no place for a page header`)
  }
  const pageHeaders = shell.renderPageHeaders()
  for (const [kind, html] of Object.entries(pageHeaders)) {
    const intro = kind.endsWith('+intro')
    if (!html.includes(TITLE_TOKEN) || html.includes(INTRO_TOKEN) !== intro)
      throw new Error(`the ${kind} page header does not show its tokens`)
  }
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(
    target,
    JSON.stringify({
      brand_token: BRAND_TOKEN,
      page_header_token: PAGE_HEADER_TOKEN,
      title_token: TITLE_TOKEN,
      intro_token: INTRO_TOKEN,
      page_headers: pageHeaders,
      ...shells,
    }),
  )
  console.log(`app shell written to ${target}`)
} finally {
  rmSync(out, { recursive: true, force: true })
}
