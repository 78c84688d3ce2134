import { Menu, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'

import { LogoMark } from '@/components/layouts/logo-mark'
import type { NavItem } from '@/components/layouts/nav-items'
import { useHydrated } from '@/lib/use-hydrated'

type HeaderProps = {
  brandName: string
  homePath: string
  items: readonly NavItem[]
  /** Login or Dashboard: the accounts feature decides, app/ passes it in. */
  account?: ReactNode
}

/** The browser's own popover menu (every current browser; not in test DOMs or old ones). */
function popoverSupported(): boolean {
  return typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function'
}

const desktopLink =
  'rounded-control px-3 py-2 text-sm font-medium whitespace-nowrap text-ink-muted hover:bg-brand-50 hover:text-brand-900 ' +
  'aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800'

const mobileLink =
  'flex min-h-12 items-center rounded-control px-3 text-base font-medium text-ink hover:bg-brand-50 ' +
  'aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800'

/**
 * The phone menu is the browser's own popover, from the server's HTML on: it opens from
 * its button (the browser states aria-expanded), closes on Escape or a tap outside, and
 * works on a slow phone before the JavaScript has arrived and without it. Hydration adds
 * to the same element, never swaps it, so a menu opened at any moment stays open: the app
 * only listens to its toggle event (the icon), closes it when a link is chosen or the page
 * changes, and returns the focus to the button on Escape. In a browser without popovers
 * (the scriptless menu cannot open there) the app shows and hides the panel itself.
 */
export function Header({ brandName, homePath, items, account }: HeaderProps) {
  const [popovers, setPopovers] = useState(true)
  const [menuOpen, setMenuOpen] = useState(false)
  const hydrated = useHydrated()
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const panel = panelRef.current
    if (!panel) return
    if (!popoverSupported()) {
      // Decided once, after hydration: the server cannot know the browser.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPopovers(false)
      return
    }
    // Whatever the visitor did before the scripts ran, and every change from now on.
    const sync = () => setMenuOpen(panel.matches(':popover-open'))
    sync()
    panel.addEventListener('toggle', sync)
    return () => panel.removeEventListener('toggle', sync)
  }, [])

  function closeMenu() {
    const panel = panelRef.current
    if (popovers && panel?.matches(':popover-open')) panel.hidePopover()
    setMenuOpen(false)
  }

  // Any navigation (including back/forward) closes the menu; not the first render, which
  // must keep a menu opened before hydration.
  const { pathname } = useLocation()
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    const panel = panelRef.current
    if (panel?.matches(':popover-open')) panel.hidePopover()
  }, [pathname])
  const [lastPath, setLastPath] = useState(pathname)
  if (pathname !== lastPath) {
    setLastPath(pathname)
    setMenuOpen(false)
  }

  // A click or tap outside the header closes the app's own panel (a popover closes itself).
  useEffect(() => {
    if (!menuOpen || popovers) return
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setMenuOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [menuOpen, popovers])

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && menuOpen) {
      event.stopPropagation()
      closeMenu()
      buttonRef.current?.focus()
    }
  }

  // Choosing any link in the panel closes it, including the account slot's links.
  function onPanelClick(event: MouseEvent) {
    if ((event.target as Element).closest('a')) closeMenu()
  }

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85" onKeyDown={onKeyDown}>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={homePath} className="flex min-h-11 items-center gap-2.5 rounded-control font-bold text-brand-900">
          <LogoMark size={36} />
          {/* Between 1024 and 1280 px the logo alone (the name stays its accessible name): the
              main links and a signed-in account's buttons keep to one line beside it. */}
          <span className="text-lg leading-tight tracking-tight whitespace-nowrap lg:max-xl:sr-only">{brandName || 'Home'}</span>
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
          // The browser states a popover button's expanded state itself; once the scripts
          // run the app states it too (the same value).
          aria-expanded={hydrated ? menuOpen : undefined}
          {...(popovers ? { popoverTarget: menuId } : { onClick: () => setMenuOpen((open) => !open) })}
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
        onClick={onPanelClick}
        {...(popovers
          ? {
              popover: 'auto' as const,
              // Below the header bar, full width, as the app's menu. Hidden unless open, also
              // in a browser that does not know popovers (it would show the panel always).
              className: 'fixed inset-x-0 top-16 m-0 hidden w-full max-w-none border-0 border-t border-line bg-white p-0 text-ink shadow-card open:block lg:hidden',
            }
          : { hidden: !menuOpen, className: 'border-t border-line bg-white shadow-card lg:hidden' })}
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
