/*
 * The back office's own script, on every admin page (UNFOLD["SCRIPTS"] in settings, the
 * documented way to add JavaScript to django-unfold).
 *
 * django-unfold draws icons as ligatures of the Material Symbols font: the element's text
 * is the icon's name ("check_circle", "receipt_long"). Screen readers would read it, so
 * every icon, those unfold adds later (menus, dialogs) included, is aria-hidden, unless it
 * is all a link or button says; our templates already say so. When the font cannot load,
 * the page is marked and back-office.css keeps the names from showing as text.
 */
;(() => {
  const ICON = '.material-symbols-outlined'

  // A link or button whose only words are an icon's name keeps them (hidden, it would have
  // no name at all) unless it is named otherwise (aria-label, title).
  const named = (control, icon) =>
    control.hasAttribute('aria-label') ||
    control.hasAttribute('aria-labelledby') ||
    (control.getAttribute('title') || '').trim() !== '' ||
    control.textContent.replace(icon.textContent, '').trim() !== ''

  const hide = (icon) => {
    const control = icon.closest('a, button, [role="button"], label')
    if (!control || named(control, icon)) icon.setAttribute('aria-hidden', 'true')
  }

  const hideIcons = (root) => {
    if (root.matches(ICON) && !root.hasAttribute('aria-hidden')) hide(root)
    for (const icon of root.querySelectorAll(`${ICON}:not([aria-hidden])`)) hide(icon)
  }

  // Django's two-list selector (filter_horizontal: a user's groups and permissions) puts an
  // aria-label on a plain <span> (the search box's magnifier), which ARIA does not allow:
  // as an image it names the search box its label is for.
  const FILTER_ICON = '.search-label-icon[aria-label]:not([role])'
  const nameFilterIcons = (root) => {
    if (root.matches(FILTER_ICON)) root.setAttribute('role', 'img')
    for (const icon of root.querySelectorAll(FILTER_ICON)) icon.setAttribute('role', 'img')
  }

  document.addEventListener('DOMContentLoaded', () => {
    hideIcons(document.body)
    nameFilterIcons(document.body)
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeType === Node.ELEMENT_NODE) {
            hideIcons(node)
            nameFilterIcons(node)
          }
        }
      }
    }).observe(document.body, { childList: true, subtree: true })
  })

  const iconsMissing = () => document.documentElement.classList.add('bo-icons-missing')
  if (document.fonts && document.fonts.load) {
    document.fonts.load('18px "Material Symbols Outlined"', 'check').then((faces) => {
      if (faces.length === 0) iconsMissing()
    }, iconsMissing)
  }
})()
