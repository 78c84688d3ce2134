import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

// make dev sets DJANGO_URL to where runserver listens (HOST:PORT).
const backend = process.env.DJANGO_URL ?? 'http://127.0.0.1:8000'

// Django serves the built app (dist/) under /static/ with WhiteNoise, and answers every
// page route itself (to set the status, the <title> and the meta tags); in development
// Vite serves the pages and forwards everything that belongs to Django.
/**
 * The server sends the app shell (header and placeholder) in the HTML, so the first paint
 * needs only the HTML and the stylesheet: the scripts are fetched with low priority, after
 * the stylesheet and the font rather than competing with them on a slow connection. Django
 * writes the page's own modulepreloads the same way (backend/web/html.py).
 */
function scriptsAfterStyles(): Plugin {
  return {
    name: 'scripts-after-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, '<$1 fetchpriority="low" crossorigin'),
    },
  }
}

/**
 * routes.json also carries what only the server uses (meta descriptions, sitemap and
 * noindex flags, the file's $comment): the app's copy keeps just the fields it reads, so
 * those few kilobytes of text are not in the JavaScript every page loads first.
 */
const ROUTE_FIELDS_IN_APP = ['id', 'path', 'page', 'title', 'access']
function routeTableForApp(): Plugin {
  return {
    name: 'route-table-for-app',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/config/routes.json')) return null
      const table = JSON.parse(code) as { routes: Record<string, unknown>[] }
      const routes = table.routes.map((route) =>
        Object.fromEntries(ROUTE_FIELDS_IN_APP.filter((key) => key in route).map((key) => [key, route[key]])),
      )
      return { code: JSON.stringify({ routes }), map: null }
    },
  }
}

/**
 * React Router's package resolves to its development build under every export condition;
 * the production build is the same code with its development warnings switched off (and
 * so removed by the minifier). Only the build uses it: tests and `vite dev` keep the
 * warnings. Re-check the path when upgrading react-router.
 */
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url))

export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/static/' : '/',
  plugins: [routeTableForApp(), react(), tailwindcss(), scriptsAfterStyles()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(command === 'build' ? { 'react-router': reactRouterProduction } : {}),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      ['/api', '/admin', '/static/admin', '/sitemap.xml', '/robots.txt'].map((prefix) => [
        prefix,
        { target: backend, changeOrigin: false },
      ]),
    ),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    // Route tests render whole pages; a loaded 2-core machine can take longer than 5 s.
    testTimeout: 20_000,
  },
}))
