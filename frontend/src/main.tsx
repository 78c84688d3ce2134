import '@/index.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { createAppHistory } from '@/app/history'
import { AppProvider } from '@/app/provider'
import { AppRouter, AppRoutes } from '@/app/router'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">.')

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter history={createAppHistory()}>
        <AppRoutes />
      </AppRouter>
    </AppProvider>
  </StrictMode>,
)
