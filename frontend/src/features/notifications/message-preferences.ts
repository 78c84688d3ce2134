import type { FormFailure } from '@/lib/form-result'

/** The intent the account page's action reads for this form. */
export const MESSAGE_PREFERENCES_INTENT = 'message-preferences'
export const MESSAGE_PREFERENCES_SAVED = 'Your message preferences are saved.'

type Channel = 'whatsapp' | 'email' | 'none'
type KindName = 'payments' | 'tasks' | 'certificates' | 'reminders' | 'classes'

export const CHANNELS: readonly { value: Channel; label: string }[] = [
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'email', label: 'Email' },
  { value: 'none', label: 'Neither' },
]

/** The kinds of message, as docs/product.md section 19 names them; payments always go by some channel. */
export const MESSAGE_KINDS: readonly { name: KindName; label: string; hint: string; always?: boolean }[] = [
  { name: 'payments', label: 'Payments', hint: 'Payment confirmed, referral reward paid. Always sent: WhatsApp or email.', always: true },
  { name: 'tasks', label: 'Internship tasks', hint: 'Application accepted, a task opened today, changes requested.' },
  { name: 'certificates', label: 'Certificates', hint: 'Your certificate is issued, with its verify link.' },
  { name: 'reminders', label: 'Reminders', hint: 'A task waiting 3 days for your work, an enrolment waiting for payment.' },
  { name: 'classes', label: 'Classes', hint: 'Your batch starts tomorrow, a class starts within the hour, a seat is free on the waitlist.' },
]

/** The form's fields as the API takes them (an unticked checkbox is not posted at all). */
export function messagePreferencesFromForm(values: Record<string, string>) {
  return {
    whatsapp_opt_in: values.whatsapp_opt_in === 'on',
    payments: values.payments ?? '',
    tasks: values.tasks ?? '',
    certificates: values.certificates ?? '',
    reminders: values.reminders ?? '',
    classes: values.classes ?? '',
  }
}

export type MessagePreferencesResult = { ok: true; intent?: string; message?: string } | FormFailure
