import { fileURLToPath, URL } from 'node:url'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// make dev sets DJANGO_URL to where runserver listens.
const backend = process.env.DJANGO_URL ?? 'http://127.0.0.1:8000'
const testing = Boolean(process.env.VITEST)

export default defineConfig({
  // Vitest renders components on their own: React's plugin, not the framework's.
  plugins: [tailwindcss(), testing ? react() : reactRouter()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: { target: 'es2022' },
  // The server bundle also holds the express handler server.mjs mounts (src/server/app.ts).
  environments: {
    ssr: { build: { rollupOptions: { input: './src/server/app.ts' } } },
  },
  server: {
    port: 5173,
    strictPort: true,
    // `make dev`: what belongs to Django goes to runserver.
    proxy: Object.fromEntries(
      ['/api', '/admin', '/static', '/Certificate', '/LOR', '/media', '/robots.txt', '/og-image.png'].map((prefix) => [
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
