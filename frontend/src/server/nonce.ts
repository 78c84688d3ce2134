import { createContext } from 'react-router'

/** The CSP nonce of the response being rendered (server.mjs makes one per request). */
export const nonceContext = createContext<string | null>(null)
