import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

import { RequestIdContext, requestIdOnPage } from '@/lib/request-id'

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestIdContext value={requestIdOnPage()}>
        <HydratedRouter />
      </RequestIdContext>
    </StrictMode>,
  )
})
