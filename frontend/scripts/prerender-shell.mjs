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
  const { renderStaticShells, BRAND_TOKEN } = await import(pathToFileURL(join(out, 'static-shell.mjs')).href)
  const shells = renderStaticShells()
  for (const [variant, html] of Object.entries(shells)) {
    if (!html.includes(BRAND_TOKEN)) throw new Error(`the ${variant} shell does not show the brand token`)
  }
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, JSON.stringify({ brand_token: BRAND_TOKEN, ...shells }))
  console.log(`app shell written to ${target}`)
} finally {
  rmSync(out, { recursive: true, force: true })
}
