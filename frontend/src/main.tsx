import '@/index.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { createAppHistory } from '@/app/history'
import { AppProvider } from '@/app/provider'
import { preloadFirstPage } from '@/app/page-modules'
import { AppRouter, AppRoutes } from '@/app/router'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">.')

// The server's shell stays until the first page can render in full (see preloadFirstPage).
await preloadFirstPage(window.location.pathname)

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter history={createAppHistory()}>
        <AppRoutes />
      </AppRouter>
    </AppProvider>
  </StrictMode>,
)
