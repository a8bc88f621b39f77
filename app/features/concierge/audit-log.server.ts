/** The Worker's audit-log search for the concierge console (decision 006). */
export { AUDIT_PAGE_SIZE, memberNames, membersNamed, searchAuditLog, staffAccounts } from "#worker/features/concierge/audit-log.ts";
export { securityEventTypes } from "#worker/features/concierge/concierge-console.ts";
