import { readdirSync } from 'node:fs'

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const noAlert = { message: 'Show messages inline (an Alert or a status region), never alert().' }

export default tseslint.config(
  { ignores: ['build', '.react-router', 'node_modules', 'test-results', 'playwright-report', 'src/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Route modules export what the framework reads besides the component.
      'react-refresh/only-export-components': [
        'warn',
        {
          allowConstantExport: true,
          allowExportNames: ['meta', 'links', 'headers', 'loader', 'action', 'middleware', 'shouldRevalidate', 'ErrorBoundary', 'Layout', 'handle'],
        },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-globals': ['error', { name: 'alert', ...noAlert }],
      'no-restricted-properties': ['error', { object: 'window', property: 'alert', ...noAlert }],
    },
  },
  // The dependency direction: shared code (components, lib, config) never reaches into
  // features or app; a feature never imports another feature; only app/ composes them.
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared code must not depend on features or app.' }] },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app/*'],
              message: 'Features do not import each other or app/; compose them in src/app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['*.config.{ts,js}', 'server.mjs', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
)
