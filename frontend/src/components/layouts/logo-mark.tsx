type LogoMarkProps = { className?: string; size?: number }

/** The brand mark: code brackets with an amber slash. Decorative; the brand name is text. */
export function LogoMark({ className, size = 36 }: LogoMarkProps) {
  return (
    <svg className={className} viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand-800)" />
      <path
        d="M9 11.5 4.5 16 9 20.5M23 11.5l4.5 4.5-4.5 4.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M18.5 8.5 13.5 23.5" fill="none" stroke="var(--color-accent-500)" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  )
}
