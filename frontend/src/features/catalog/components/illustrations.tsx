/**
 * Abstract illustrations drawn inline (no image requests on slow networks). Decorative:
 * every one is aria-hidden, the text around them says what matters.
 */
type IllustrationProps = { className?: string }

/** A browser window, a phone and a circuit board, joined by traces. */
export function HeroIllustration({ className }: IllustrationProps) {
  return (
    <svg className={className} viewBox="0 0 480 400" width="480" height="400" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-brand-100)" />
          <stop offset="1" stopColor="var(--color-brand-50)" />
        </linearGradient>
      </defs>
      <circle cx="250" cy="200" r="180" fill="url(#hero-bg)" />
      <circle cx="408" cy="70" r="26" fill="var(--color-accent-300)" opacity="0.9" />
      <g fill="none" stroke="var(--color-brand-300)" strokeWidth="3" strokeLinecap="round">
        <path d="M120 330h70v-40M360 300v40h-60M402 230h40v-60" />
      </g>
      <g fill="var(--color-brand-400)">
        <circle cx="190" cy="290" r="6" />
        <circle cx="300" cy="340" r="6" />
        <circle cx="442" cy="170" r="6" />
      </g>
      {/* browser window */}
      <g>
        <rect x="60" y="80" width="280" height="190" rx="14" fill="#fff" stroke="var(--color-brand-200)" strokeWidth="2" />
        <path d="M60 94a14 14 0 0 1 14-14h252a14 14 0 0 1 14 14v18H60z" fill="var(--color-brand-800)" />
        <circle cx="80" cy="96" r="4.5" fill="var(--color-accent-400)" />
        <circle cx="95" cy="96" r="4.5" fill="var(--color-brand-300)" />
        <circle cx="110" cy="96" r="4.5" fill="var(--color-brand-300)" />
        <rect x="84" y="132" width="120" height="12" rx="6" fill="var(--color-brand-700)" />
        <rect x="84" y="154" width="170" height="8" rx="4" fill="var(--color-brand-200)" />
        <rect x="84" y="170" width="150" height="8" rx="4" fill="var(--color-brand-200)" />
        <rect x="84" y="194" width="74" height="26" rx="8" fill="var(--color-accent-500)" />
        <rect x="170" y="194" width="74" height="26" rx="8" fill="none" stroke="var(--color-brand-400)" strokeWidth="2" />
        <path d="m270 140-14 14 14 14m30-28 14 14-14 14m-10-34-10 48" fill="none" stroke="var(--color-brand-500)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="84" y="236" width="230" height="8" rx="4" fill="var(--color-brand-100)" />
      </g>
      {/* phone */}
      <g>
        <rect x="318" y="150" width="96" height="176" rx="16" fill="var(--color-brand-900)" />
        <rect x="326" y="164" width="80" height="146" rx="8" fill="#fff" />
        <rect x="352" y="156" width="28" height="4" rx="2" fill="var(--color-brand-600)" />
        <circle cx="366" cy="196" r="16" fill="var(--color-brand-100)" />
        <path d="m358 196 6 6 10-12" fill="none" stroke="var(--color-brand-600)" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="338" y="224" width="56" height="7" rx="3.5" fill="var(--color-brand-700)" />
        <rect x="344" y="238" width="44" height="6" rx="3" fill="var(--color-brand-200)" />
        <rect x="338" y="270" width="56" height="20" rx="7" fill="var(--color-accent-500)" />
      </g>
      {/* chip */}
      <g>
        <rect x="40" y="250" width="84" height="84" rx="12" fill="var(--color-brand-700)" />
        <rect x="60" y="270" width="44" height="44" rx="6" fill="var(--color-brand-500)" />
        <circle cx="82" cy="292" r="8" fill="var(--color-accent-400)" />
        <g stroke="var(--color-brand-700)" strokeWidth="5" strokeLinecap="round">
          <path d="M58 244v-6M82 244v-6M106 244v-6M58 340v6M82 340v6M106 340v6M34 268h-6M34 292h-6M34 316h-6M130 268h6M130 292h6M130 316h6" />
        </g>
      </g>
    </svg>
  )
}

/** Two overlapping cards with a graduation cap and a code bracket: teaching + building. */
export function AboutIllustration({ className }: IllustrationProps) {
  return (
    <svg className={className} viewBox="0 0 400 320" width="400" height="320" aria-hidden="true" focusable="false">
      <rect x="20" y="30" width="360" height="260" rx="28" fill="var(--color-brand-50)" />
      <rect x="56" y="70" width="180" height="200" rx="18" fill="#fff" stroke="var(--color-brand-200)" strokeWidth="2" />
      <path d="m146 104-60 26 60 26 60-26z" fill="var(--color-brand-700)" />
      <path d="M110 142v22c0 10 16 18 36 18s36-8 36-18v-22l-36 14z" fill="var(--color-brand-500)" />
      <path d="M200 130v34" stroke="var(--color-accent-500)" strokeWidth="4" strokeLinecap="round" />
      <circle cx="200" cy="168" r="6" fill="var(--color-accent-500)" />
      <rect x="84" y="206" width="124" height="9" rx="4.5" fill="var(--color-brand-200)" />
      <rect x="84" y="226" width="92" height="9" rx="4.5" fill="var(--color-brand-100)" />
      <rect x="186" y="120" width="160" height="124" rx="18" fill="var(--color-brand-800)" />
      <path d="m238 160-20 22 20 22m56-44 20 22-20 22m-16-52-16 60" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="330" cy="96" r="18" fill="var(--color-accent-300)" />
    </svg>
  )
}
