/**
 * The local payments stand-in's pages (decision 006: routes reach the Worker through *.server.ts
 * modules; docs/decisions/009-payment-provider.md).
 */
export {
  actInLocalPortal,
  cancelLocalCheckout,
  localCheckoutView,
  localPortalView,
  payLocalCheckout,
} from "#worker/features/dues/local-stand-in-pages.ts";
