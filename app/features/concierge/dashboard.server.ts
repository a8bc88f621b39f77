/** The Worker's figures for the concierge dashboard (decision 006). */
export { dashboardFigures } from "#worker/features/concierge/dashboard-figures.ts";
