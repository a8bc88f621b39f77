import { Link, redirect } from "react-router";
import type { Route } from "./+types/members";
import { conciergeMeta } from "../console-format.ts";
import { cellClasses, ConsoleTable } from "../console-table.tsx";
import { ConsoleFilters } from "../console-filters.tsx";
import { queryFields } from "../concierge-forms.ts";
import { memberListQuery } from "../member-forms.ts";
import { duesStatusNames, memberStatusNames, staffRoleNames } from "../member-labels.ts";
import { loungeBySlug, membershipTiers, tierBySlug } from "#app/features/site/site-config.ts";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { listMembers, MEMBER_PAGE_SIZE } from "../member-console.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Members");

/**
 * /concierge/members (docs/product-rules.md#members): every member, by name, a page at a time,
 * found by name or email and filtered by tier, status, dues and locker. The filters are a GET form,
 * so a filtered list has its own address and works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = memberListQuery.parse(queryFields(url));
  const page = query.page ?? 1;
  const { rows, total } = await listMembers(context.get(requestContext).env.DB, { ...query, page });
  const pages = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  const pageHref = (to: number) => {
    const search = new URLSearchParams(queryFields(url));
    if (to === 1) search.delete("page");
    else search.set("page", String(to));
    const text = search.toString();
    return text ? `/concierge/members?${text}` : "/concierge/members";
  };
  // A page past the last (a bookmark from a longer list): the last page instead.
  if (rows.length === 0 && page > pages) throw redirect(pageHref(pages));
  return {
    query,
    total,
    page,
    pages,
    previous: page > 1 ? pageHref(page - 1) : null,
    next: page < pages ? pageHref(page + 1) : null,
    first: total === 0 ? 0 : (page - 1) * MEMBER_PAGE_SIZE + 1,
    last: (page - 1) * MEMBER_PAGE_SIZE + rows.length,
    members: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      tierName: tierBySlug(row.tier).name,
      role: row.role === "member" ? null : staffRoleNames[row.role],
      status: memberStatusNames[row.status],
      dues: duesStatusNames[row.duesStatus],
      locker: row.lockerNumber && row.lockerLounge ? `${row.lockerNumber}, ${loungeBySlug(row.lockerLounge).name}` : "None",
    })),
  };
}

const option = <Value extends string>(names: Record<Value, string>) =>
  (Object.keys(names) as Value[]).map((value) => ({ value, label: names[value] }));

export default function ConciergeMembers({ loaderData }: Route.ComponentProps) {
  const { query, total, page, pages, previous, next, first, last, members } = loaderData;
  const filtered = Boolean(query.q || query.tier || query.status || query.dues || query.locker);
  return (
    <Section id="members" eyebrow="Members" title="Members">
      <p className="max-w-3xl text-smoke">
        Every member of the club by name. Open a member for their dues, locker, guests, bookings, check-ins and notes, and to suspend or
        reactivate them, change their tier or staff role, add their photo or send a new sign-in link.
      </p>
      <ConsoleFilters
        label="Find members"
        className="mt-8 grid grid-cols-2 items-end gap-x-4 gap-y-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
        filters={[
          {
            id: "member-q",
            name: "q",
            label: "Name or email",
            value: query.q,
            search: { placeholder: "e.g. Okafor", maxLength: 100 },
            className: "col-span-2 lg:col-span-1",
          },
          {
            id: "member-tier",
            name: "tier",
            label: "Tier",
            value: query.tier,
            options: membershipTiers.map((tier) => ({ value: tier.slug, label: tier.name })),
          },
          { id: "member-status", name: "status", label: "Status", value: query.status, options: option(memberStatusNames) },
          { id: "member-dues", name: "dues", label: "Dues", value: query.dues, options: option(duesStatusNames) },
          {
            id: "member-locker",
            name: "locker",
            label: "Locker",
            value: query.locker,
            options: [
              { value: "has", label: "Holds a locker" },
              { value: "none", label: "No locker" },
            ],
          },
        ]}
      />
      <p className="mt-6 text-smoke" role="status">
        {total === 0
          ? filtered
            ? "No member matches these filters."
            : "No members yet."
          : `${first}–${last} of ${total} ${total === 1 ? "member" : "members"}${filtered ? " matching" : ""}, by name.`}
      </p>
      {members.length > 0 ? (
        <ConsoleTable id="members-table" caption="Members by name" columns={["Member", "Tier", "Status", "Dues", "Locker"]}>
          {members.map((member) => (
            <tr key={member.id}>
              <td className={cellClasses}>
                <Link
                  to={`/concierge/members/${member.id}`}
                  className="font-semibold text-cream underline underline-offset-4 hover:text-brass"
                >
                  {member.name}
                </Link>
                <span className="block break-all text-smoke">{member.email}</span>
                {member.role ? <span className="mt-1 block text-xs uppercase tracking-[0.14em] text-brass">{member.role}</span> : null}
              </td>
              <td className={cellClasses}>{member.tierName}</td>
              <td className={cellClasses}>{member.status}</td>
              <td className={cellClasses}>{member.dues}</td>
              <td className={cellClasses}>{member.locker}</td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages of members" className="mt-6 flex flex-wrap items-center gap-4 text-cream">
          {previous ? (
            <Link to={previous} className="underline underline-offset-4 hover:text-brass">
              Previous page
            </Link>
          ) : null}
          <span className="text-smoke">
            Page {page} of {pages}
          </span>
          {next ? (
            <Link to={next} className="underline underline-offset-4 hover:text-brass">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Section>
  );
}
