/**
 * Razorpay Checkout (https://checkout.razorpay.com/v1/checkout.js), loaded only when the
 * student presses "Pay ₹N online": Razorpay asks that the script come from its own host
 * (never bundled), and the payment step's policy allows that host (src/server/security-policy).
 */
export const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js'

export type CheckoutResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }

export type CheckoutOptions = {
  key: string
  order_id: string
  amount: number
  currency: string
  name: string
  description: string
  prefill: { name: string; email: string; contact: string }
  handler: (response: CheckoutResponse) => void
  modal: { ondismiss: () => void }
}

export type CheckoutInstance = { open: () => void; on: (event: string, callback: (detail: unknown) => void) => void }
export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor
  }
}

let loading: Promise<CheckoutConstructor> | undefined

export const CHECKOUT_UNAVAILABLE = 'Razorpay Checkout could not be loaded. Check your connection and try again, or pay by UPI yourself.'

/** The Checkout constructor, the script added to the page once. */
export function loadCheckout(): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay)
  loading ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = CHECKOUT_SCRIPT
    script.async = true
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error(CHECKOUT_UNAVAILABLE)))
    script.onerror = () => {
      script.remove()
      loading = undefined
      reject(new Error(CHECKOUT_UNAVAILABLE))
    }
    document.head.appendChild(script)
  })
  return loading
}

/** The address's fragment that opens Checkout once the page has loaded (see checkoutAllowedHere). */
export const PAY_ONLINE_HASH = '#pay-online'

/**
 * Whether this document was loaded for the page shown now: only a payment step's own
 * document carries the policy that lets Checkout run, and after a client-side navigation
 * from another page the first document's policy still rules.
 */
export function checkoutAllowedHere(): boolean {
  const [entry] = performance.getEntriesByType('navigation')
  if (!entry) return true
  try {
    return new URL(entry.name).pathname === window.location.pathname
  } catch {
    return true
  }
}

/** Load this page as its own document, then open Checkout (the fragment says so). */
export function reloadToPayOnline(): void {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${PAY_ONLINE_HASH}`)
  window.location.reload()
}
