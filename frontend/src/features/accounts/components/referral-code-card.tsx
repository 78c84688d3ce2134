import { Copy } from 'lucide-react'
import { useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { selectText } from '@/features/accounts/components/use-copy'
import { useHydrated } from '@/lib/use-hydrated'

type ReferralCodeCardProps = {
  code: string
  onCopy: (text: string) => Promise<boolean>
}

export const COPY_CODE_FAILED = 'Could not copy. Select the code and copy it manually.'

export function ReferralCodeCard({ code, onCopy }: ReferralCodeCardProps) {
  const hydrated = useHydrated()
  const codeRef = useRef<HTMLParagraphElement>(null)
  const [failed, setFailed] = useState(false)
  const [copying, setCopying] = useState(false)

  async function onClick() {
    setCopying(true)
    const copied = await onCopy(code)
    setCopying(false)
    setFailed(!copied)
    if (!copied) selectText(codeRef.current)
  }

  return (
    <section
      aria-labelledby="referral-code-heading"
      className="relative overflow-hidden rounded-card bg-brand-900 p-6 text-white shadow-card sm:p-8"
    >
      <svg className="absolute -top-20 -right-16 text-brand-700" viewBox="0 0 200 200" width="200" height="200" aria-hidden="true" focusable="false">
        <circle cx="100" cy="100" r="100" fill="currentColor" opacity="0.6" />
      </svg>
      <div className="relative flex h-full flex-col justify-center gap-4">
        <h2 id="referral-code-heading" className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
          Your referral code
        </h2>
        <p
          ref={codeRef}
          className="w-fit rounded-control bg-white/10 px-4 py-2 text-4xl font-extrabold tracking-wider break-all tabular-nums select-all sm:text-5xl"
        >
          {code}
        </p>
        <p className="max-w-md text-brand-100">
          Friends enter this code when they enrol in a course. When their payment is confirmed, you earn the course’s reward.
        </p>
        {hydrated && (
          <div>
            <Button variant="inverse" size="lg" onClick={onClick} pending={copying} className="w-full sm:w-auto">
              {!copying && <Copy className="size-5" aria-hidden="true" width={20} height={20} />}
              Copy Referral Code
            </Button>
          </div>
        )}
        <div role="alert" className="empty:hidden">
          {failed && <p className="rounded-control bg-white px-4 py-3 text-sm font-semibold text-danger">{COPY_CODE_FAILED}</p>}
        </div>
      </div>
    </section>
  )
}
