import '@/index.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { createAppHistory } from '@/app/history'
import { AppProvider } from '@/app/provider'
import { preloadFirstPage } from '@/app/page-modules'
import { AppRouter, AppRoutes } from '@/app/router'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">.')

// A course page's shell carries the page's own header: it stays until the page can render
// in full (see preloadFirstPage). Other pages' shells are the header and a placeholder, and
// the app takes over at once, showing its footer while the page's code arrives.
if (container.querySelector('main h1')) await preloadFirstPage(window.location.pathname)

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter history={createAppHistory()}>
        <AppRoutes />
      </AppRouter>
    </AppProvider>
  </StrictMode>,
)
