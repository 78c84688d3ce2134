import { Menu, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'

import { LogoMark } from '@/components/layouts/logo-mark'
import type { NavItem } from '@/components/layouts/nav-items'

type HeaderProps = {
  brandName: string
  homePath: string
  items: readonly NavItem[]
  /** Login or Dashboard: the accounts feature decides, app/ passes it in. */
  account?: ReactNode
}

/** Marks the scriptless menu, so the app can open its own if the visitor left it open. */
const SCRIPTLESS_MENU = 'data-scriptless-menu'

function scriptlessMenuOpen(): boolean {
  if (typeof document === 'undefined') return false
  try {
    return document.querySelector(`[${SCRIPTLESS_MENU}]:popover-open`) !== null
  } catch {
    return false // a browser without popovers had no way to open it
  }
}

const desktopLink =
  'rounded-control px-3 py-2 text-sm font-medium text-ink-muted hover:bg-brand-50 hover:text-brand-900 ' +
  'aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800'

const mobileLink =
  'flex min-h-12 items-center rounded-control px-3 text-base font-medium text-ink hover:bg-brand-50 ' +
  'aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800'

/**
 * The server's HTML has the browser's own popover menu (opens from its button, closes on
 * Escape or a tap outside), so it works on a slow phone before the JavaScript has arrived
 * and without it. Once the page is hydrated the app's menu takes over; a menu the visitor
 * opened before that stays open, with the focus on its button, so Escape closes it.
 */
export function Header({ brandName, homePath, items, account }: HeaderProps) {
  const [scriptless, setScriptless] = useState(true)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const openedBefore = scriptlessMenuOpen()
    // The switch from the server's menu happens once, after hydration: it reads the DOM.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setScriptless(false)
    setMenuOpen(openedBefore)
    if (openedBefore) buttonRef.current?.focus({ preventScroll: true })
  }, [])
  const { pathname } = useLocation()

  // Any navigation (including back/forward) closes the menu.
  const [lastPath, setLastPath] = useState(pathname)
  if (pathname !== lastPath) {
    setLastPath(pathname)
    setMenuOpen(false)
  }

  // A click or tap outside the header closes the menu too.
  useEffect(() => {
    if (!menuOpen) return
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setMenuOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [menuOpen])

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && menuOpen) {
      event.stopPropagation()
      setMenuOpen(false)
      buttonRef.current?.focus()
    }
  }

  // Choosing any link in the panel closes it, including the account slot's links.
  function onPanelClick(event: MouseEvent) {
    if ((event.target as Element).closest('a')) setMenuOpen(false)
  }

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85" onKeyDown={onKeyDown}>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={homePath} className="flex min-h-11 items-center gap-2.5 rounded-control font-bold text-brand-900">
          <LogoMark size={36} />
          <span className="text-lg leading-tight tracking-tight">{brandName || 'Home'}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={desktopLink}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {account && <div className="ml-3 border-l border-line pl-4">{account}</div>}
        </nav>

        <button
          ref={buttonRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-control text-brand-900 hover:bg-brand-50 lg:hidden"
          aria-controls={menuId}
          aria-label="Menu"
          // The browser states a popover button's expanded state itself.
          {...(scriptless
            ? { popoverTarget: menuId }
            : { 'aria-expanded': menuOpen, onClick: () => setMenuOpen((open) => !open) })}
        >
          {menuOpen ? (
            <X className="size-6" aria-hidden="true" width={24} height={24} />
          ) : (
            <Menu className="size-6" aria-hidden="true" width={24} height={24} />
          )}
        </button>
      </div>

      <div
        ref={panelRef}
        id={menuId}
        {...(scriptless
          ? {
              popover: 'auto' as const,
              [SCRIPTLESS_MENU]: '',
              // Below the header bar, full width, as the app's menu. Hidden unless open, also
              // in a browser that does not know popovers (it would show the panel always).
              className: 'fixed inset-x-0 top-16 m-0 hidden w-full max-w-none border-0 border-t border-line bg-white p-0 text-ink shadow-card open:block lg:hidden',
            }
          : { hidden: !menuOpen, onClick: onPanelClick, className: 'border-t border-line bg-white shadow-card lg:hidden' })}
      >
        <nav aria-label="Main" className="container-page py-3">
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={mobileLink}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {account && <div className="mt-3 border-t border-line pt-3">{account}</div>}
        </nav>
      </div>
    </header>
  )
}
