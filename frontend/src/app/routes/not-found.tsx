import { data } from 'react-router'

import type { Route } from './+types/not-found'
import type { SharingHandle } from '@/server/cache-policy'
import { NOT_FOUND_META, pageMeta } from '@/app/meta'
import { NotFoundPage } from '@/app/not-found-page'
import { apiClient, unwrap } from '@/lib/api-client'

/** Every unknown path: 404, with the not-found page inside the site's header and footer. */
export async function loader() {
  const page = await unwrap(apiClient.GET('/api/pages/basic'))
  return data(page, { status: 404 })
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) => pageMeta(args, NOT_FOUND_META)

export default NotFoundPage
