import type { Config } from '@react-router/dev/config'

/** React Router in framework mode: every page rendered on the server, then hydrated. */
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config
