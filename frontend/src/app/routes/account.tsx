import { LayoutDashboard } from 'lucide-react'
import { data, Navigate, redirect, useActionData, useLoaderData, useLocation, useNavigation, href } from 'react-router'

import type { Route } from './+types/account'
import { LinkButton } from '@/components/ui/link-button'
import { changePassword } from '@/features/accounts/api/change-password'
import { deleteAccount } from '@/features/accounts/api/delete-account'
import { logoutOthers } from '@/features/accounts/api/logout-others'
import { updateAccount } from '@/features/accounts/api/update-account'
import { ACCOUNT_INTENTS, type AccountIntent } from '@/features/accounts/account-intents'
import {
  DataSection,
  DeleteSection,
  DetailsSection,
  DevicesSection,
  PasswordSection,
  type AccountResult,
} from '@/features/accounts/components/account-sections'
import { updateMessagePreferences } from '@/features/notifications/api/update-message-preferences'
import { MessagePreferencesSection } from '@/features/notifications/components/message-preferences-section'
import {
  MESSAGE_PREFERENCES_INTENT,
  MESSAGE_PREFERENCES_SAVED,
  messagePreferencesFromForm,
} from '@/features/notifications/message-preferences'
import { pageMeta } from '@/app/meta'
import { apiClient } from '@/lib/api-client'
import { formFailure, readForm } from '@/server/form.server'
import { loadPage } from '@/server/session.server'
import type { HydrationHandle } from '@/lib/hydration'

// The page loads its scripts (src/lib/hydration.ts): the account's forms answering in place (the
// password asked for only once a change is begun).
export const handle: HydrationHandle = { hydrate: true }

/** Where a deleted account's browser goes: the home page, which says so. */
export const ACCOUNT_DELETED_PATH = '/?account=deleted'

/** Login required: a visitor goes to /login and comes back here after. */
export async function loader({ url }: Route.LoaderArgs) {
  // The message preferences' form is filled in the HTML (it works without JavaScript).
  return loadPage(url, apiClient.GET('/api/pages/account'))
}

/** The API's answer to one of the page's forms, or its refusal shown by that form. */
async function answer(values: Record<string, string>, intent: AccountIntent, send: () => Promise<string>) {
  try {
    return { ok: true as const, intent, message: await send() }
  } catch (error) {
    return formFailure(error, values, intent)
  }
}

/** The page's forms, by intent. */
export async function action({ request }: Route.ActionArgs) {
  const { values } = await readForm(request)
  if (values.intent === MESSAGE_PREFERENCES_INTENT) {
    try {
      await updateMessagePreferences(messagePreferencesFromForm(values))
      return { ok: true as const, intent: MESSAGE_PREFERENCES_INTENT, message: MESSAGE_PREFERENCES_SAVED }
    } catch (error) {
      return formFailure(error, values, MESSAGE_PREFERENCES_INTENT)
    }
  }
  switch (values.intent) {
    case ACCOUNT_INTENTS.details:
      return answer(values, ACCOUNT_INTENTS.details, async () => {
        // The API needs the current password only when the email changes (empty otherwise).
        await updateAccount({
          name: (values.name ?? '').trim(),
          email: (values.email ?? '').trim(),
          current_password: values.current_password ?? '',
        })
        return 'Your details are saved.'
      })
    case ACCOUNT_INTENTS.password:
      return answer(values, ACCOUNT_INTENTS.password, async () => {
        const sent = { current_password: values.current_password ?? '', new_password: values.new_password ?? '' }
        return (await changePassword(sent)).message
      })
    case ACCOUNT_INTENTS.logoutOthers:
      return answer(values, ACCOUNT_INTENTS.logoutOthers, async () => (await logoutOthers()).message)
    case ACCOUNT_INTENTS.deleteStart:
      // Without JavaScript: the page asks for the password and a confirmation next.
      return { ok: true as const, intent: ACCOUNT_INTENTS.deleteStart }
    case ACCOUNT_INTENTS.delete: {
      if (values.confirm !== 'yes') return { ok: true as const, intent: ACCOUNT_INTENTS.deleteStart }
      try {
        await deleteAccount({ password: values.password ?? '' })
      } catch (error) {
        return formFailure(error, values, ACCOUNT_INTENTS.delete)
      }
      // The session has ended: on to the home page, which says the account is gone.
      throw redirect(ACCOUNT_DELETED_PATH)
    }
    default:
      throw data('This form is not one of the account page’s.', { status: 400 })
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Your account', description: 'Your details, password, devices and data.', noindex: true })

export default function Page() {
  const { visitor: user, preferences } = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  const result = useActionData<typeof action>() as AccountResult | undefined
  const pending = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : undefined

  // The page needs an account (its loader sent a visitor to log in): this covers a session
  // that ended as the page was asked for again.
  if (!user) {
    const next = `${location.pathname}${location.search}`
    return <Navigate to={`${href('/login')}?${new URLSearchParams({ next })}`} replace />
  }

  return (
    <>
      <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page flex flex-col gap-6 py-10 sm:flex-row sm:items-end sm:justify-between sm:py-12">
          <div className="flex min-w-0 flex-col gap-2">
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Account</p>
            <h1 className="text-display font-extrabold break-words text-brand-950">Your account</h1>
            <p className="text-lg text-ink-muted">
              Logged in as <span className="font-semibold whitespace-nowrap text-ink">{user.phone_display}</span>
            </p>
          </div>
          <LinkButton to={href('/dashboard')} variant="secondary" className="w-full sm:w-auto">
            <LayoutDashboard className="size-4" aria-hidden="true" width={16} height={16} />
            Dashboard
          </LinkButton>
        </div>
      </div>
      <div className="container-page grid max-w-3xl gap-6 py-10 sm:gap-8 sm:py-14">
        <DetailsSection user={user} result={result} pending={pending} />
        <PasswordSection result={result} pending={pending} />
        <MessagePreferencesSection
          preferences={preferences}
          phone={user.phone_display}
          result={result}
          pending={pending === MESSAGE_PREFERENCES_INTENT}
        />
        <DevicesSection result={result} pending={pending} />
        <DataSection />
        <DeleteSection result={result} pending={pending} />
      </div>
    </>
  )
}
