import type { Route } from "./+types/applications-csv";
import { invitationRequestQuery, queryFields } from "#app/features/concierge/concierge-forms.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { listInvitationRequests, waitlistPositions } from "#app/features/admissions/admissions.server.ts";
import { pipelineCsv } from "../pipeline-csv.server.ts";

/** At most this many applications in one export (newest first); a narrower filter finds older ones. */
const EXPORT_LIMIT = 5000;

/**
 * /concierge/applications.csv: the pipeline as the console shows it, with the same stage and search
 * filter, for a spreadsheet. Under the console layout, so only a concierge gets it (a 404 for anyone
 * else); private, no-store, like every console answer; every export is a security event.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, logSecurityEvent } = context.get(requestContext);
  const query = invitationRequestQuery.parse(queryFields(new URL(request.url)));
  const requests = await listInvitationRequests(env.DB, { stage: query.stage, search: query.q, limit: EXPORT_LIMIT });
  const csv = pipelineCsv(requests, await waitlistPositions(env.DB));
  // Applicants' personal data leaves the site: audited, with the stage but not the search (it may be an email).
  logSecurityEvent({
    eventType: "sensitive_read",
    severity: "low",
    description: "applications exported as CSV",
    userId: context.get(memberContext).id,
    details: { export: "applications.csv", rows: requests.length, stage: query.stage ?? "all", searched: Boolean(query.q) },
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="applications.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
