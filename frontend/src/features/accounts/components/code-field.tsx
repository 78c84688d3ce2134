import { TextField } from '@/components/ui/text-field'

type CodeFieldProps = {
  id: string
  error?: string
  hint?: string
  /** Start here (the code step opens with the code to type). */
  autoFocus?: boolean
}

/**
 * The one-time code: one field, digits only, offered by the phone's keyboard and by the
 * browser from the SMS itself (`autocomplete="one-time-code"`).
 */
export function CodeField({ id, error, hint, autoFocus }: CodeFieldProps) {
  return (
    <TextField
      id={id}
      name="code"
      label="Verification code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      spellCheck={false}
      // The step opens for this field alone: taking the focus is what a visitor expects.
      autoFocus={autoFocus}
      error={error}
      hint={hint}
      required
      className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
    />
  )
}
