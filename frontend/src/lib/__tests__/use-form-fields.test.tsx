import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FormEvent } from 'react'
import { describe, expect, it } from 'vitest'

import { useFormFields } from '@/lib/use-form-fields'

type Field = 'name' | 'city'
type Values = Record<Field | 'trap', string>
const FIELDS: readonly Field[] = ['name', 'city']

function required(name: Field, values: Values) {
  return values[name].trim() ? undefined : `Enter your ${name}.`
}

/** A two-field form with an unchecked extra value (like the enquiry form's honeypot). */
function TestForm({ serverErrors }: { serverErrors?: Partial<Record<Field, string>> }) {
  const { formRef, values, errors, onChange, onBlur, submit, showErrors, reset } = useFormFields<Field, Values>({
    fields: FIELDS,
    initial: { name: '', city: '', trap: '' },
    validateField: required,
  })
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = Object.fromEntries(FIELDS.map((field) => [field, required(field, values)]).filter(([, error]) => error))
    if (!submit(found)) return
    if (serverErrors) showErrors(serverErrors)
    else reset({ name: '', city: '', trap: '' })
  }
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      {FIELDS.map((field) => (
        <div key={field}>
          <label htmlFor={field}>{field}</label>
          <input id={field} name={field} value={values[field]} onChange={onChange} onBlur={onBlur} aria-invalid={Boolean(errors[field])} />
          {errors[field] && <span role="alert">{errors[field]}</span>}
        </div>
      ))}
      <input name="trap" aria-label="trap" value={values.trap} onChange={onChange} />
      <input name="other" aria-label="other" defaultValue="" onChange={onChange} />
      <output aria-label="values">{JSON.stringify(values)}</output>
      <button type="submit">Send</button>
    </form>
  )
}

describe('useFormFields', () => {
  it('shows no error before a submit, then every error, focusing the first invalid field', async () => {
    const user = userEvent.setup()
    render(<TestForm />)
    await user.type(screen.getByRole('textbox', { name: 'city' }), 'x')
    await user.clear(screen.getByRole('textbox', { name: 'city' }))
    await user.tab()
    expect(screen.queryByRole('alert')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter your name.', 'Enter your city.'])
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveFocus()
  })

  it('clears a field error while typing once the field is valid, and checks again on blur', async () => {
    const user = userEvent.setup()
    render(<TestForm />)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await user.type(screen.getByRole('textbox', { name: 'name' }), 'Asha')
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter your city.'])

    await user.clear(screen.getByRole('textbox', { name: 'name' }))
    expect(screen.getAllByRole('alert')).toHaveLength(1) // a new error waits for blur
    await user.tab()
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter your name.', 'Enter your city.'])
  })

  it('keeps values that are not checked and ignores inputs that are not values', async () => {
    const user = userEvent.setup()
    render(<TestForm />)
    await user.type(screen.getByRole('textbox', { name: 'trap' }), 'bot')
    await user.type(screen.getByRole('textbox', { name: 'other' }), 'zzz')
    expect(JSON.parse(screen.getByRole('status', { name: 'values' }).textContent ?? '')).toEqual({ name: '', city: '', trap: 'bot' })
  })

  it('shows server errors with the focus on the first, and resets after a successful send', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<TestForm serverErrors={{ city: 'We do not deliver there.' }} />)
    await user.type(screen.getByRole('textbox', { name: 'name' }), 'Asha')
    await user.type(screen.getByRole('textbox', { name: 'city' }), 'Atlantis')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('alert')).toHaveTextContent('We do not deliver there.')
    expect(screen.getByRole('textbox', { name: 'city' })).toHaveFocus()
    unmount()

    render(<TestForm />)
    await user.type(screen.getByRole('textbox', { name: 'name' }), 'Asha')
    await user.type(screen.getByRole('textbox', { name: 'city' }), 'Pune')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveValue('')
    await user.type(screen.getByRole('textbox', { name: 'name' }), 'x')
    await user.clear(screen.getByRole('textbox', { name: 'name' }))
    await user.tab()
    expect(screen.queryByRole('alert')).toBeNull() // a fresh form: no checks on blur
  })

  it('keeps a server error when its field loses focus unedited, and clears it once edited', async () => {
    const user = userEvent.setup()
    render(<TestForm serverErrors={{ city: 'We do not deliver there.' }} />)
    await user.type(screen.getByRole('textbox', { name: 'name' }), 'Asha')
    await user.type(screen.getByRole('textbox', { name: 'city' }), 'Atlantis')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('textbox', { name: 'city' })).toHaveFocus()

    await user.tab()
    expect(screen.getByRole('alert')).toHaveTextContent('We do not deliver there.')

    await user.type(screen.getByRole('textbox', { name: 'city' }), 's')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.tab()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
