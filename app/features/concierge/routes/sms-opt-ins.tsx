import { Link } from "react-router";
import type { Route } from "./+types/sms-opt-ins";
import { conciergeMeta, formatConsoleTime, listSummary } from "../console-format.ts";
import { cellClasses, ConsoleTable } from "../console-table.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { formatPhoneInput } from "#app/features/sms-invitation/phone-input.ts";
import { listSmsOptIns } from "#app/features/concierge/concierge.server.ts";

const LIST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("SMS opt-ins");

/**
 * The newest SMS opt-ins: the number, when it was submitted, its status, when it was verified and
 * the invitation request it became (docs/product-rules.md#sms-invitation).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const optIns = await listSmsOptIns(env.DB, LIST_LIMIT);
  return {
    optIns: optIns.map((optIn) => ({
      id: optIn.id,
      phoneNumber: formatPhoneInput(optIn.phoneNumber),
      submittedAtLabel: formatConsoleTime(optIn.submittedAt) ?? optIn.submittedAt,
      status: optIn.status,
      verifiedAtLabel: formatConsoleTime(optIn.verifiedAt),
      requestCard: optIn.requestId && optIn.requestEmail !== null ? requestCardPath(optIn.requestId, optIn.requestEmail) : null,
    })),
  };
}

/**
 * The pipeline searched by the request's email shows its card (or the earlier card it was joined
 * to); the fragment is the card's heading (invitation-request-card.tsx).
 */
function requestCardPath(requestId: string, email: string): string {
  return `/concierge?${new URLSearchParams({ q: email })}#request-${requestId}-name`;
}

const statusLabels = { sent: "Code sent", rejected: "Number refused by the provider" } as const;

export default function ConciergeSmsOptIns({ loaderData }: Route.ComponentProps) {
  const { optIns } = loaderData;
  return (
    <Section id="sms-opt-ins" eyebrow="SMS invitations" title="SMS opt-ins">
      <p className="text-smoke">
        {optIns.length === 0 ? "No SMS opt-ins yet." : listSummary(optIns.length, LIST_LIMIT, ["opt-in", "opt-ins"])}
      </p>
      {optIns.length > 0 ? (
        <ConsoleTable
          id="sms-opt-ins-table"
          caption="SMS opt-ins, newest first"
          columns={["Submitted", "Phone number", "Status", "Verified", "Invitation request"]}
        >
          {optIns.map((optIn) => (
            <tr key={optIn.id}>
              <td className={cellClasses}>{optIn.submittedAtLabel}</td>
              <td className={`${cellClasses} whitespace-nowrap`}>{optIn.phoneNumber}</td>
              <td className={cellClasses}>{statusLabels[optIn.status]}</td>
              <td className={cellClasses}>{optIn.verifiedAtLabel ?? "Not verified"}</td>
              <td className={cellClasses}>
                {optIn.requestCard ? (
                  <Link to={optIn.requestCard} className="text-brass underline hover:text-cream">
                    Became a request
                  </Link>
                ) : (
                  "None"
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
    </Section>
  );
}
