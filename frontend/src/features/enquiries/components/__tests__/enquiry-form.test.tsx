import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import { createRoutesStub, useActionData, useNavigation } from 'react-router'
import { describe, expect, it } from 'vitest'

import { EnquiryForm, type EnquiryResult } from '@/features/enquiries/components/enquiry-form'
import { enquiryAction } from '@/features/enquiries/enquiry-action.server'
import { json, mockApi, sentBodies } from '@/test/api'

type FormProps = Omit<ComponentProps<typeof EnquiryForm>, 'result' | 'pending'>

/** The form on a page whose action is the pages' enquiry action, as on the home page and /getquote. */
function renderForm(props: FormProps = {}) {
  function Page() {
    const result = useActionData() as EnquiryResult | undefined
    const pending = useNavigation().state === 'submitting'
    return <EnquiryForm {...props} result={result} pending={pending} />
  }
  const Stub = createRoutesStub([{ path: '/', Component: Page, action: ({ request }) => enquiryAction(request) }])
  return render(<Stub initialEntries={['/']} />)
}

const packages = [
  { value: 'web-project', label: 'Web Project — $50' },
  { value: 'iot-project', label: 'IoT Project — $30' },
]

/** The form as the server renders it with the action's answer (a page posted without JavaScript). */
function renderAnswered(result: EnquiryResult | undefined, props: FormProps = {}, path = '/') {
  const Stub = createRoutesStub([{ path: '/*', Component: () => <EnquiryForm {...props} result={result} /> }])
  return render(<Stub initialEntries={[path]} />)
}

function failure(overrides: Partial<Extract<EnquiryResult, { ok: false }>>): EnquiryResult {
  return { ok: false, status: 422, message: 'Please correct the errors below.', fields: {}, extra: {}, values: {}, ...overrides }
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^name/i), 'Priya Sharma')
  await user.type(screen.getByLabelText(/^email/i), 'priya@example.com')
  await user.type(screen.getByLabelText(/^subject/i), 'Course timings')
  await user.type(screen.getByLabelText(/^message/i), 'Are weekend batches available?')
}

describe('EnquiryForm', () => {
  it('asks for each empty field in the server’s words and focuses the first one, sending nothing', async () => {
    const api = mockApi()
    const user = userEvent.setup()
    renderForm({ packages })

    await user.click(screen.getByRole('button', { name: /send message/i }))

    const name = screen.getByLabelText(/^name/i)
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Enter your name.')
    expect(name).toHaveFocus()
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription('Enter your email address.')
    expect(screen.getByLabelText(/^subject/i)).toHaveAccessibleDescription('Enter a subject.')
    expect(screen.getByLabelText(/^message/i)).toHaveAccessibleDescription(/Write your message\./)
    expect(screen.getByLabelText(/^package/i)).not.toHaveAttribute('aria-invalid')
    expect(api.requests).toEqual([])
  })

  it('sends a general enquiry as a contact message when no package is chosen', async () => {
    const api = mockApi({ 'POST /api/enquiries': () => json({ message: 'Thanks' }, 201) })
    const user = userEvent.setup()
    renderForm({ packages })
    const select = screen.getByLabelText(/^package/i)
    expect(select).toHaveValue('')
    expect(select).not.toBeRequired()
    expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('General enquiry')
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: /send message/i }))
    await screen.findByText('Thanks')
    const [body] = await sentBodies(api, 'POST /api/enquiries')
    expect(body).toMatchObject({ kind: 'contact', package: null })
  })

  it('fills in the subject it is given', async () => {
    mockApi()
    renderForm({ packages, initialSubject: '  Question about the Java course ' })
    expect(screen.getByLabelText(/^subject/i)).toHaveValue('Question about the Java course')
  })

  it('shows the server’s package error next to the package', async () => {
    mockApi({
      'POST /api/enquiries': () =>
        json({ message: 'Please correct the errors below.', extra: { fields: { package: 'Choose a package from the list.' } } }, 422),
    })
    const user = userEvent.setup()
    renderForm({ packages, initialPackage: 'web-project' })
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: /request a quote/i }))
    await waitFor(() => expect(screen.getByLabelText(/^package/i)).toHaveAccessibleDescription(/Choose a package from the list\./))
  })

  it('leaves the email’s form to the server and shows its 422 at the field, focused', async () => {
    const api = mockApi({
      'POST /api/enquiries': () =>
        json({ message: 'Please correct the errors below.', extra: { fields: { email: 'Enter a valid email address.' } } }, 422),
    })
    const user = userEvent.setup()
    renderForm()
    await fillContact(user)
    await user.clear(screen.getByLabelText(/^email/i))
    await user.type(screen.getByLabelText(/^email/i), 'not-an-email')
    await user.click(screen.getByRole('button', { name: /send message/i }))

    const email = screen.getByLabelText(/^email/i)
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'))
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveFocus()
    expect(screen.getByLabelText(/^name/i)).not.toHaveAttribute('aria-invalid')
    expect(await sentBodies(api, 'POST /api/enquiries')).toEqual([expect.objectContaining({ email: 'not-an-email' })])
  })

  it('checks a field again on blur after the first submit', async () => {
    mockApi()
    const user = userEvent.setup()
    renderForm()
    await user.click(screen.getByRole('button', { name: /send message/i }))
    const email = screen.getByLabelText(/^email/i)
    await user.type(email, 'bad')
    expect(email).not.toHaveAttribute('aria-invalid')
    await user.clear(email)
    await user.tab()
    expect(email).toHaveAccessibleDescription('Enter your email address.')
  })

  it('sends the enquiry, announces the server message and resets the form', async () => {
    const api = mockApi({
      'POST /api/enquiries': () => json({ message: 'Thank you! We will reply by e-mail soon.' }, 201),
    })
    const user = userEvent.setup()
    renderForm()
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: /send message/i }))

    const status = await screen.findByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('Thank you! We will reply by e-mail soon.'))
    expect(status).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByLabelText(/^name/i)).toHaveValue('')
    expect(screen.getByLabelText(/^message/i)).toHaveValue('')

    expect(await sentBodies(api, 'POST /api/enquiries')).toEqual([
      {
        kind: 'contact',
        name: 'Priya Sharma',
        email: 'priya@example.com',
        phone: '',
        subject: 'Course timings',
        message: 'Are weekend batches available?',
        package: null,
        website: '',
      },
    ])
  })

  it('sends the phone or WhatsApp number when given, and shows its refusal at the field', async () => {
    const api = mockApi({
      'POST /api/enquiries': () =>
        json({ message: 'Check the form.', extra: { fields: { phone: 'Enter a valid Indian mobile number, for example 98765 43210.' } } }, 422),
    })
    const user = userEvent.setup()
    renderForm({ packages, initialPackage: 'iot-project' })
    const phone = screen.getByLabelText(/^phone or whatsapp/i)
    expect(phone).toHaveAttribute('type', 'tel')
    expect(phone).not.toBeRequired()
    await fillContact(user)
    await user.type(phone, '12345')
    await user.click(screen.getByRole('button', { name: /request a quote/i }))
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Enter a valid Indian mobile number, for example 98765 43210\./))
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    const [body] = await sentBodies(api, 'POST /api/enquiries')
    expect(body).toMatchObject({ kind: 'quote', phone: '12345' })
  })

  it('sends the chosen package with a quote', async () => {
    const api = mockApi({ 'POST /api/enquiries': () => json({ message: 'Thanks' }, 201) })
    const user = userEvent.setup()
    renderForm({ packages, initialPackage: 'iot-project' })
    expect(screen.getByLabelText(/^package/i)).toHaveValue('iot-project')
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: /request a quote/i }))
    await screen.findByText('Thanks')
    const [body] = await sentBodies(api, 'POST /api/enquiries')
    expect(body).toMatchObject({ kind: 'quote', package: 'iot-project' })
    // The next request is about the same package: it stays chosen, the rest is emptied.
    expect(screen.getByLabelText(/^package/i)).toHaveValue('iot-project')
    expect(screen.getByLabelText(/^name/i)).toHaveValue('')
  })

  it('puts the server’s field errors (422) next to the fields', async () => {
    mockApi({
      'POST /api/enquiries': () =>
        json({ message: 'Please correct the errors below.', extra: { fields: { email: 'Enter a valid email address.' } } }, 422),
    })
    const user = userEvent.setup()
    renderForm()
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: /send message/i }))

    const email = screen.getByLabelText(/^email/i)
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'))
    expect(email).toHaveFocus()
    expect(screen.getByLabelText(/^name/i)).toHaveValue('Priya Sharma')
  })

  it('shows a rate-limit (429) message in an alert', async () => {
    mockApi({
      'POST /api/enquiries': () =>
        json({ message: 'Too many messages. Please try again in 10 minutes.', extra: { retry_after: 600 } }, 429),
    })
    const user = userEvent.setup()
    renderForm()
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: /send message/i }))
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert).toHaveTextContent('Too many messages. Please try again in 10 minutes.'))
    expect(screen.getByLabelText(/^name/i)).toHaveValue('Priya Sharma')
  })

  it('disables the submit button while sending', async () => {
    let release: (response: Response) => void = () => {}
    mockApi({ 'POST /api/enquiries': () => new Promise<Response>((resolve) => (release = resolve)) })
    const user = userEvent.setup()
    renderForm()
    await fillContact(user)
    const button = screen.getByRole('button', { name: /send message/i })
    await user.click(button)
    await waitFor(() => expect(button).toBeDisabled())
    release(json({ message: 'Sent' }, 201))
    await screen.findByText('Sent')
    expect(button).toBeEnabled()
  })

  it('has a hidden honeypot field that people cannot reach', () => {
    mockApi()
    const { container } = renderForm()
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')
    expect(honeypot).not.toBeNull()
    expect(honeypot).toHaveAttribute('tabindex', '-1')
    expect(honeypot).toHaveAttribute('autocomplete', 'off')
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull()
    // Hidden from the accessibility tree, so not among the form's labelled fields.
    const form = container.querySelector('form') as HTMLFormElement
    expect(within(form).queryByRole('textbox', { name: /leave this field empty/i })).not.toBeInTheDocument()
  })

  describe('posted without JavaScript', () => {
    it('posts to the page itself, landing at the form, with no per-visitor token (a shared page is the same for all)', () => {
      mockApi()
      const { container } = renderAnswered(undefined, { packages }, '/getquote?package=web-project')
      const form = container.querySelector('form') as HTMLFormElement
      expect(form).toHaveAttribute('method', 'post')
      expect(form).toHaveAttribute('action', '/getquote?package=web-project#enquiry')
      expect(form).toHaveAttribute('id', 'enquiry')
      expect(container.querySelector('input[type="hidden"][name="csrfmiddlewaretoken"]')).toBeNull()
    })

    it('shows the server’s field errors with what was typed, the form where the page opens', () => {
      mockApi()
      const { container } = renderAnswered(
        failure({
          fields: { name: 'This field is required.', package: 'Choose a package from the list.' },
          values: { name: '', email: 'priya@example.com', subject: 'Shop', package: 'web-project', message: 'Five pages', website: '' },
        }),
        { packages },
      )
      const name = screen.getByLabelText(/^name/i)
      expect(name).toHaveAttribute('aria-invalid', 'true')
      expect(name).toHaveAccessibleDescription('This field is required.')
      expect(screen.getByLabelText(/^package/i)).toHaveAccessibleDescription(/Choose a package from the list\./)
      expect(screen.getByLabelText(/^email/i)).toHaveValue('priya@example.com')
      expect(screen.getByLabelText(/^package/i)).toHaveValue('web-project')
      expect(screen.getByLabelText(/^message/i)).toHaveValue('Five pages')
      expect(screen.getByRole('button', { name: /request a quote/i })).toBeInTheDocument()
      expect(container.querySelector('form')).toHaveAttribute('id', 'enquiry')
      expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    })

    it('shows the rate limit’s message at the form, the page opening at it', () => {
      mockApi()
      renderAnswered(
        failure({
          status: 429,
          message: 'You have sent several messages in a short time. Please try again in 10 minutes.',
          retryAfter: 600,
          values: { name: 'Priya Sharma', email: 'priya@example.com', subject: 'Course timings', message: 'Weekend?', website: '' },
        }),
      )
      const alert = screen.getByRole('alert')
      expect(alert).toHaveTextContent('Your message was not sent')
      expect(alert).toHaveTextContent('Please try again in 10 minutes.')
      expect(alert).toHaveAttribute('id', 'enquiry')
      expect(screen.getByLabelText(/^name/i)).toHaveValue('Priya Sharma')
    })

    it('shows the thanks with an empty form, the chosen package kept, the page opening at the thanks', () => {
      mockApi()
      renderAnswered({ ok: true, message: 'Thank you! We will reply by e-mail soon.', package: 'iot-project' }, { packages, initialPackage: 'web-project' })
      const status = screen.getByRole('status')
      expect(status).toHaveTextContent('Thank you! We will reply by e-mail soon.')
      expect(status).toHaveAttribute('id', 'enquiry')
      expect(screen.getByLabelText(/^name/i)).toHaveValue('')
      expect(screen.getByLabelText(/^name/i)).not.toHaveAttribute('aria-invalid')
      expect(screen.getByLabelText(/^package/i)).toHaveValue('iot-project')
    })
  })
})
