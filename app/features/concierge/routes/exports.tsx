import type { Route } from "./+types/exports";
import { conciergeMeta } from "../console-format.ts";
import type { ExportFile } from "../console-report-forms.ts";
import { Section } from "#app/ui/section.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { EXPORT_LIMIT } from "../exports.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Exports");

/** The page needs only the limit; the lists are fixed. */
export function loader() {
  return { limit: EXPORT_LIMIT };
}

const exportsListed: { file: ExportFile; title: string; what: string; period: string | null }[] = [
  {
    file: "members.csv",
    title: "Members",
    what: "Every member and staff account: tier, role, status, dues, the locker they hold and who introduced them.",
    period: null,
  },
  {
    file: "check-ins.csv",
    title: "Check-ins",
    what: "Each check-in at the door, with the lounge, the guests brought and who admitted them.",
    period: "Evenings",
  },
  {
    file: "payments.csv",
    title: "Payments",
    what: "Dues received and refunded, online or at the lounge; refunds are negative, so the amounts add up to what was collected.",
    period: "Paid or refunded",
  },
  {
    file: "bookings.csv",
    title: "Event and course bookings",
    what: "Bookings of events and course terms, confirmed, waitlisted or cancelled, with the guests each brings.",
    period: "Event or course starts",
  },
  {
    file: "meeting-room-bookings.csv",
    title: "Meeting-room bookings",
    what: "The Business Lounge's meeting-room hours, booked or cancelled.",
    period: "Day of the booking",
  },
];

/**
 * The console's exports (docs/product-rules.md#exports): each a plain GET form to its CSV, so it
 * downloads without script; dates are Portland days, both optional and inclusive.
 */
export default function ConciergeExports({ loaderData }: Route.ComponentProps) {
  return (
    <Section id="exports" eyebrow="For a spreadsheet" title="Exports">
      <p className="max-w-3xl text-smoke">
        Each download is a CSV file of at most {loaderData.limit.toLocaleString("en-US")} rows, the newest first; choose dates to reach
        older ones. Dates are Portland days and include both ends. Every download is recorded in the audit log.
      </p>
      <ul className="mt-8 grid gap-6 lg:grid-cols-2">
        {exportsListed.map((item) => {
          const id = item.file.replace(".csv", "");
          return (
            <li key={item.file} className="rounded-sm border border-cedar bg-humidor p-5">
              <h3 id={`${id}-title`} className="text-xl text-cream">
                {item.title}
              </h3>
              <p className="mt-2 text-sm text-smoke">{item.what}</p>
              {/* A document request, not a React Router navigation: the answer is a file. */}
              <form method="get" action={`/concierge/exports/${item.file}`} aria-labelledby={`${id}-title`} className="mt-4">
                {item.period ? (
                  <fieldset className="grid grid-cols-2 gap-4">
                    <legend className="mb-2 text-sm text-smoke">{item.period} (optional)</legend>
                    <Field id={`${id}-from`} label="From">
                      {(control) => <input {...control} type="date" name="from" className={`${inputClasses} h-11`} />}
                    </Field>
                    <Field id={`${id}-to`} label="To">
                      {(control) => <input {...control} type="date" name="to" className={`${inputClasses} h-11`} />}
                    </Field>
                  </fieldset>
                ) : null}
                <button type="submit" className={`${buttonClasses("secondary")} mt-4`}>
                  Download {item.title.toLowerCase()} CSV
                </button>
              </form>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
