import { useCallback, useEffect, useRef, useState } from 'react'

import type { ToastMessage } from '@/components/ui/toast'
import { copyText } from '@/lib/clipboard'

export const COPY_SUCCESS = 'Successfully copied to clipboard!'
/** How long the success toast stays. */
export const TOAST_MS = 4000


/** `copy(text)` resolves true on success and shows the success toast for a few seconds. */
export function useCopyWithToast() {
  const [toast, setToast] = useState<ToastMessage>()
  const counter = useRef(0)

  useEffect(() => {
    if (!toast) return
    const timer = window.setTimeout(() => setToast(undefined), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [toast])

  const copy = useCallback(async (text: string) => {
    const copied = await copyText(text)
    if (copied) {
      counter.current += 1
      setToast({ id: counter.current, text: COPY_SUCCESS, tone: 'success' })
    } else {
      setToast(undefined)
    }
    return copied
  }, [])

  return { copy, toast }
}

/** Select an element's text, so after a failed copy it is ready for the visitor to copy. */
export function selectText(element: HTMLElement | null) {
  const selection = window.getSelection()
  if (!element || !selection) return
  selection.selectAllChildren(element)
}
