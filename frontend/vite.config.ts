import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { gzipSync } from 'node:zlib'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

// make dev sets DJANGO_URL to where runserver listens.
const backend = process.env.DJANGO_URL ?? 'http://127.0.0.1:8000'
const testing = Boolean(process.env.VITEST)
// What belongs to Django: the one list the Node server and nginx follow too.
const djangoPrefixes: string[] = JSON.parse(readFileSync(new URL('./server/django-prefixes.json', import.meta.url), 'utf8'))

/**
 * Each built script, stylesheet and SVG beside a gzipped copy (NAME.gz, at the best level), so
 * nginx serves the copy (gzip_static, deploy/nginx/site.conf) instead of compressing the same
 * file on every request. Only the browser's bundle; the copy is kept only when it is smaller.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? ''
      const writes = Object.values(bundle)
        .filter((file) => /\.(js|css|svg)$/.test(file.fileName))
        .map((file) => {
          const source = file.type === 'asset' ? file.source : file.code
          const compressed = gzipSync(source, { level: 9 })
          return compressed.byteLength < Buffer.byteLength(source)
            ? writeFile(path.join(dir, `${file.fileName}.gz`), compressed)
            : undefined
        })
      await Promise.all(writes)
    },
  }
}

export default defineConfig({
  // Vitest renders components on their own: React's plugin, not the framework's.
  plugins: [tailwindcss(), testing ? react() : reactRouter(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: { target: 'es2022' },
  // The server bundle also holds the express handler server.mjs mounts (src/server/app.ts).
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: 'shared', minShareCount: 2 }],
            },
          },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: './src/server/app.ts' } } },
  },
  server: {
    port: 5173,
    strictPort: true,
    // `make dev`: what belongs to Django goes to runserver.
    proxy: Object.fromEntries(
      djangoPrefixes.map((prefix) => [
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
    testTimeout: 20_000,
  },
})
