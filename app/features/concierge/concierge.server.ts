/** The Worker's console queries for the concierge pages (decision 006). */
export {
  abandonDelivery,
  listDeliveriesNeedingAttention,
  listOutboxDeliveries,
  listSecurityEvents,
  listSmsOptIns,
  retryDelivery,
  securityEventTypes,
} from "#worker/features/concierge/concierge-console.ts";
