import { data } from "react-router";
import type { Route } from "./+types/exports-csv";
import { queryFields } from "../concierge-forms.ts";
import { exportParams, exportQuery } from "../console-report-forms.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { exportCsv, exportPeriod } from "../exports.server.ts";

/**
 * /concierge/exports/<file>.csv (docs/product-rules.md#exports): members, check-ins, payments,
 * event and course bookings, meeting-room bookings, with an optional period of Portland days.
 * Under the console layout, so only a concierge gets one (a 404 for anyone else, and for a file
 * not listed); private, no-store; every export is a security event (sensitive_read) naming the
 * file, the period and the number of rows.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = exportParams.safeParse(params);
  if (!file.success) throw data(null, { status: 404 });
  const { env, logSecurityEvent } = context.get(requestContext);
  const query = exportQuery.parse(queryFields(new URL(request.url)));
  const { csv, rows } = await exportCsv(env.DB, file.data.file, exportPeriod(query.from, query.to));
  logSecurityEvent({
    eventType: "sensitive_read",
    severity: "low",
    description: `${file.data.file.replace(".csv", "").replaceAll("-", " ")} exported as CSV`,
    userId: context.get(memberContext).id,
    details: { export: file.data.file, rows, from: query.from ?? null, to: query.to ?? null },
  });
  const period = query.from || query.to ? `-${query.from ?? "start"}-to-${query.to ?? "today"}` : "";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.data.file.replace(".csv", "")}${period}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
