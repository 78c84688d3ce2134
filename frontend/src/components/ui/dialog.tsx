import { useEffect, useRef, type ReactNode } from 'react'

type DialogProps = {
  open: boolean
  /** Closed by Escape (the browser's cancel) or by the page. */
  onClose: () => void
  /** The id of the dialog's heading, its accessible name. */
  labelledBy: string
  children: ReactNode
}

/**
 * A modal dialog on the browser's own <dialog>: showModal() traps the focus, makes the page
 * behind it inert and closes on Escape. Where showModal is missing (jsdom) it is shown open.
 */
export function Dialog({ open, onClose, labelledBy, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-card border border-line bg-white p-0 text-ink shadow-card backdrop:bg-slate-900/50"
    >
      {open && <div className="p-5 sm:p-6">{children}</div>}
    </dialog>
  )
}
