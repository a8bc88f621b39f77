/** The Worker's console queries for the concierge pages (decision 006). */
export {
  listOutboxDeliveries,
  listSecurityEvents,
  listSmsOptIns,
  retryFailedDelivery,
  securityEventTypes,
} from "#worker/features/concierge/concierge-console.ts";
