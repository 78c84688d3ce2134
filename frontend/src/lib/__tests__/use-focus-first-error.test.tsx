import { act, render, screen } from '@testing-library/react'
import { useImperativeHandle, useRef, useState, type RefObject } from 'react'
import { describe, expect, it } from 'vitest'

import { useFocusFirstError } from '@/lib/use-focus-first-error'

type Field = 'name' | 'city'
type Errors = Partial<Record<Field, string>>
type Controls = { request: (found: Errors) => void; setErrors: (errors: Errors) => void }
const ORDER: readonly Field[] = ['name', 'city']

function Probe({ controlsRef, initial = {}, onMount = false }: { controlsRef: RefObject<Controls | null>; initial?: Errors; onMount?: boolean }) {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<Errors>(initial)
  const focus = useFocusFirstError(formRef, ORDER, errors, onMount)
  useImperativeHandle(controlsRef, () => ({ request: focus.request, setErrors }))
  return (
    <form ref={formRef}>
      <input name="name" aria-label="name" />
      <input name="city" aria-label="city" />
    </form>
  )
}

describe('useFocusFirstError', () => {
  it('focuses the first field of the requested errors once they are rendered', () => {
    const controls: RefObject<Controls | null> = { current: null }
    render(<Probe controlsRef={controls} />)
    const found = { city: 'Enter your city.', name: 'Enter your name.' }
    act(() => {
      controls.current?.request(found)
      controls.current?.setErrors(found)
    })
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveFocus()
  })

  it('is not used up by a render of other errors before its own', () => {
    // As when hydration's first effect runs late, after a submit asked for the focus.
    const controls: RefObject<Controls | null> = { current: null }
    render(<Probe controlsRef={controls} />)
    const found = { name: 'Enter your name.' }
    act(() => {
      controls.current?.request(found)
      controls.current?.setErrors({ city: 'Enter your city.' })
    })
    expect(document.body).toHaveFocus()
    act(() => controls.current?.setErrors(found))
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveFocus()
  })

  it('focuses the first invalid field on mount when the form arrives with errors', () => {
    const controls: RefObject<Controls | null> = { current: null }
    render(<Probe controlsRef={controls} initial={{ city: 'Enter your city.' }} onMount />)
    expect(screen.getByRole('textbox', { name: 'city' })).toHaveFocus()
  })

  it('moves no focus for errors it was not asked about', () => {
    const controls: RefObject<Controls | null> = { current: null }
    render(<Probe controlsRef={controls} />)
    act(() => controls.current?.setErrors({ name: 'Enter your name.' }))
    expect(document.body).toHaveFocus()
  })
})
