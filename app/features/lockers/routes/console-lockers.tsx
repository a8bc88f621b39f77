import { data, Form } from "react-router";
import type { Route } from "./+types/console-lockers";
import { conciergeMeta, formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { queryFields } from "#app/features/concierge/concierge-forms.ts";
import { loungeBySlug, tierBySlug } from "#app/features/site/site-config.ts";
import { lockerClasses, type LockerClass, type LoungeSlug } from "#app/features/site/tier-entitlements.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { lockerRequestKinds } from "../locker-request-kinds.ts";
import { lockerConsoleForm, lockerMemberQuery } from "../console-forms.ts";
import {
  assignLockerByHand,
  listFreeLockers,
  listOpenLockerRequests,
  lockerOccupancy,
  lockerWaitlists,
  markLockerRequestDone,
  searchLockerCandidates,
  type AssignOutcome,
} from "../locker-console.server.ts";

/** Open requests shown at once. */
const REQUEST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Lockers");

const heldStatusNames = { offered: "offered", active: "held", grace: "in grace", holding: "contents held" } as const;
const lockerName = (locker: { lounge: LoungeSlug; lockerClass: LockerClass; number: string }) =>
  `${lockerClasses[locker.lockerClass].name} ${locker.number}, ${loungeBySlug(locker.lounge).name}`;

/**
 * /concierge/lockers (docs/product-rules.md#lockers, Staff): occupancy by lounge and class, the waitlist of
 * each class, the members' open requests, and a member found by name or email given a free locker
 * by hand. The console layout admits concierges only and is never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const query = lockerMemberQuery.parse(queryFields(new URL(request.url)));
  const [occupancy, waitlists, requests, candidates, free] = await Promise.all([
    lockerOccupancy(env.DB),
    lockerWaitlists(env.DB),
    listOpenLockerRequests(env.DB, REQUEST_LIMIT),
    query.q ? searchLockerCandidates(env.DB, query.q) : [],
    query.q ? listFreeLockers(env.DB) : [],
  ]);
  const freeGroups: { label: string; lockers: { id: string; number: string }[] }[] = [];
  for (const locker of free) {
    const label = `${loungeBySlug(locker.lounge).name} · ${lockerClasses[locker.lockerClass].name}`;
    const group = freeGroups.at(-1)?.label === label ? freeGroups.at(-1) : undefined;
    if (group) group.lockers.push({ id: locker.id, number: locker.number });
    else freeGroups.push({ label, lockers: [{ id: locker.id, number: locker.number }] });
  }
  return {
    query,
    occupancy: occupancy.map((row) => ({
      key: `${row.lounge}-${row.lockerClass}`,
      loungeName: loungeBySlug(row.lounge).name,
      className: lockerClasses[row.lockerClass].name,
      ...row,
    })),
    waitlists: (Object.keys(lockerClasses) as LockerClass[]).map((lockerClass) => {
      let position = 0;
      return {
        lockerClass,
        name: lockerClasses[lockerClass].name,
        waiting: waitlists[lockerClass].map((waiting) => ({
          memberId: waiting.memberId,
          // Offers pass over a member who may not hold a locker now; so do the positions members see.
          position: waiting.mayHoldLocker ? String((position += 1)) : "Passed over (suspended or dues lapsed)",
          name: waiting.name,
          tierName: tierBySlug(waiting.tier).name,
          sinceLabel: formatConsoleTime(waiting.joinedAt) ?? waiting.joinedAt,
        })),
      };
    }),
    requests: requests.map((lockerRequest) => ({
      id: lockerRequest.id,
      sinceLabel: formatConsoleTime(lockerRequest.createdAt) ?? lockerRequest.createdAt,
      memberName: lockerRequest.memberName,
      locker: `${lockerRequest.lockerNumber}, ${loungeBySlug(lockerRequest.lounge).name}`,
      kind: lockerRequestKinds[lockerRequest.kind],
      note: lockerRequest.note ?? "",
    })),
    candidates: candidates.map((candidate) => ({
      id: candidate.id,
      name: candidate.name,
      email: candidate.email,
      tierName: tierBySlug(candidate.tier).name,
      holds: candidate.lockers.some((locker) => locker.status !== "offered"),
      lockers: candidate.lockers.map(
        (locker) =>
          `${lockerName(locker)} (${heldStatusNames[locker.status]})${locker.nameplate ? `, nameplate “${locker.nameplate}”` : ""}`,
      ),
      waitingFor: candidate.waitingFor ? lockerClasses[candidate.waitingFor].name : null,
    })),
    freeGroups,
  };
}

function assignAnswer(outcome: AssignOutcome, target: string) {
  if (outcome.ok) {
    const moved = outcome.movedFrom ? ` ${lockerName(outcome.movedFrom)} is free again and goes to the next in line.` : "";
    return data<ActionResult>({
      form: target,
      ok: true,
      toast: { title: "Locker Assigned", description: `${lockerName(outcome.locker)} is now ${outcome.memberName}'s.${moved}` },
    });
  }
  switch (outcome.reason) {
    case "taken":
      return data<ActionResult>(
        { form: target, ok: false, error: `Locker ${outcome.number} was just taken. Choose another.` },
        { status: 409 },
      );
    case "no-such-locker":
      return data<ActionResult>({ form: target, ok: false, fieldErrors: { lockerId: "Choose a free locker." } }, { status: 400 });
    case "no-such-member":
      return data<ActionResult>(
        { form: target, ok: false, error: "This member cannot hold a locker now (suspended, or dues lapsed). Search again." },
        { status: 404 },
      );
    case "already-holds":
      return data<ActionResult>({ form: target, ok: false, error: "They already hold this locker." }, { status: 409 });
    case "changed":
      return data<ActionResult>({ form: target, ok: false, error: "Their lockers changed a moment ago. Search again." }, { status: 409 });
  }
}

/** 'Assign locker' and 'Mark done'; both audited (worker/features/lockers/locker-console.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, lockerConsoleForm, {
    form: (fields) => (fields.intent === "request-done" ? `request:${fields.requestId ?? ""}` : `assign:${fields.memberId ?? ""}`),
  });
  if (!form.ok) return form.invalid;
  const concierge = context.get(memberContext);
  const services = context.get(requestContext);
  if (form.data.intent === "assign") {
    const { memberId, lockerId } = form.data;
    return assignAnswer(await assignLockerByHand(services, concierge.id, { memberId, lockerId }), `assign:${memberId}`);
  }
  const target = `request:${form.data.requestId}`;
  if ((await markLockerRequestDone(services, concierge.id, form.data.requestId)) === "done") {
    return data<ActionResult>({ form: target, ok: true, toast: { title: "Request Done", description: "The request is marked done." } });
  }
  return data<ActionResult>({ form: target, ok: false, error: "This request is no longer open." }, { status: 409 });
}

type LoaderData = Route.ComponentProps["loaderData"];

function CandidateCard({
  candidate,
  freeGroups,
  outcome,
}: {
  candidate: LoaderData["candidates"][number];
  freeGroups: LoaderData["freeGroups"];
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "memberId", value: candidate.id } });
  const errors = outcome && !outcome.ok ? outcome.fieldErrors : undefined;
  const id = `member-${candidate.id}`;
  return (
    <article aria-labelledby={`${id}-name`} className="rounded-sm border border-cedar bg-night p-6">
      <h3 id={`${id}-name`} className="text-2xl text-cream">
        {candidate.name}
      </h3>
      <p className="mt-1 break-words text-smoke">
        {candidate.email} · {candidate.tierName}
        {candidate.lockers.length > 0 ? ` · ${candidate.lockers.join("; ")}` : " · no locker"}
        {candidate.waitingFor ? ` · waiting for a ${candidate.waitingFor.toLowerCase()}` : ""}
      </p>
      {freeGroups.length === 0 ? (
        <p className="mt-4 text-smoke">No locker is free.</p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="memberId" value={candidate.id} />
          <Field id={`${id}-locker`} label="Free locker" error={errors?.lockerId}>
            {(control) => (
              <select {...control} name="lockerId" required defaultValue="" className={inputClasses}>
                <option value="" disabled>
                  Choose…
                </option>
                {freeGroups.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.lockers.map((locker) => (
                      <option key={locker.id} value={locker.id}>
                        {locker.number}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          <div className="pb-7">
            <SubmitButton name="intent" value="assign" pending={pending}>
              {pending ? "Assigning…" : candidate.holds ? "Move to Locker" : "Assign Locker"}
            </SubmitButton>
          </div>
        </Form>
      )}
      <FormAlert outcome={outcome} />
    </article>
  );
}

export default function ConciergeLockers({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { query, occupancy, waitlists, requests, candidates, freeGroups } = loaderData;
  const requestOutcome = actionData?.form?.startsWith("request:") ? actionData : undefined;
  return (
    <>
      <Section id="locker-occupancy" eyebrow="Lockers" title="Occupancy">
        <p className="text-smoke">
          Each lounge's lockers by class. A locker in grace or holding contents belongs to a member whose dues lapsed, or whose new tier no
          longer includes it; it is released to the waitlist when the holding ends.
        </p>
        <ConsoleTable
          id="occupancy-table"
          caption="Lockers by lounge and class"
          columns={["Lounge", "Class", "Lockers", "Held", "Offered", "Grace or holding", "Free"]}
        >
          {occupancy.map((row) => (
            <tr key={row.key}>
              <td className={cellClasses}>{row.loungeName}</td>
              <td className={cellClasses}>{row.className}</td>
              <td className={cellClasses}>{row.total}</td>
              <td className={cellClasses}>{row.held}</td>
              <td className={cellClasses}>{row.offered}</td>
              <td className={cellClasses}>{row.lapsing}</td>
              <td className={cellClasses}>{row.free}</td>
            </tr>
          ))}
        </ConsoleTable>
      </Section>
      <Section id="assign-locker" eyebrow="Lockers" title="Assign or move a member">
        <p className="text-smoke">
          Find the member, then choose a free locker of any class. The locker they held and any open offer end, they leave the waitlist, and
          the locker they held is offered to the next in line.
        </p>
        <Form method="get" role="search" aria-label="Find a member" className="mt-6 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field id="member-search" label="Name or email">
            {(control) => (
              <input
                {...control}
                type="search"
                name="q"
                defaultValue={query.q ?? ""}
                minLength={2}
                maxLength={100}
                className={inputClasses}
              />
            )}
          </Field>
          <div>
            <SubmitButton variant="secondary">Search</SubmitButton>
          </div>
        </Form>
        {query.q ? (
          <p className="mt-6 text-smoke" role="status">
            {candidates.length === 0 ? "No member who may hold a locker matches this search." : `${candidates.length} found.`}
          </p>
        ) : null}
        <div className="mt-6 grid gap-6">
          {candidates.map((candidate) => (
            <CandidateCard
              key={candidate.id}
              candidate={candidate}
              freeGroups={freeGroups}
              outcome={actionData?.form === `assign:${candidate.id}` ? actionData : undefined}
            />
          ))}
        </div>
      </Section>
      <Section id="locker-waitlists" eyebrow="Lockers" title="Waitlists">
        <div className="grid gap-10">
          {waitlists.map((waitlist) => (
            <section key={waitlist.lockerClass} aria-labelledby={`waitlist-${waitlist.lockerClass}`}>
              <h3 id={`waitlist-${waitlist.lockerClass}`} className="text-2xl text-cream">
                {waitlist.name}
              </h3>
              <p className="mt-1 text-smoke">
                {waitlist.waiting.length === 0 ? "Nobody waiting." : `${waitlist.waiting.length} waiting, next in line first.`}
              </p>
              {waitlist.waiting.length > 0 ? (
                <ConsoleTable
                  id={`waitlist-${waitlist.lockerClass}-table`}
                  caption={`${waitlist.name} waitlist, next in line first`}
                  columns={["Position", "Member", "Tier", "Waiting since"]}
                >
                  {waitlist.waiting.map((waiting) => (
                    <tr key={waiting.memberId}>
                      <td className={cellClasses}>{waiting.position}</td>
                      <td className={cellClasses}>{waiting.name}</td>
                      <td className={cellClasses}>{waiting.tierName}</td>
                      <td className={cellClasses}>{waiting.sinceLabel}</td>
                    </tr>
                  ))}
                </ConsoleTable>
              ) : null}
            </section>
          ))}
        </div>
      </Section>
      <Section id="locker-requests" eyebrow="Lockers" title="Open requests">
        <p className="text-smoke">
          {requests.length === 0
            ? "No open requests."
            : requests.length >= REQUEST_LIMIT
              ? `The ${REQUEST_LIMIT} oldest open requests.`
              : `${requests.length} open ${requests.length === 1 ? "request" : "requests"}, oldest first.`}
        </p>
        <FormAlert outcome={requestOutcome} />
        {requests.length > 0 ? (
          <ConsoleTable
            id="requests-table"
            caption="Members' open locker requests, oldest first"
            columns={["Since", "Member", "Locker", "Request", "Note", "Done"]}
          >
            {requests.map((lockerRequest) => (
              <tr key={lockerRequest.id}>
                <td className={cellClasses}>{lockerRequest.sinceLabel}</td>
                <td id={`request-${lockerRequest.id}-member`} className={cellClasses}>
                  {lockerRequest.memberName}
                </td>
                <td className={cellClasses}>{lockerRequest.locker}</td>
                <td className={cellClasses}>{lockerRequest.kind}</td>
                <td className={`${cellClasses} whitespace-pre-line break-words`}>{lockerRequest.note}</td>
                <td className={cellClasses}>
                  <Form method="post">
                    <input type="hidden" name="requestId" value={lockerRequest.id} />
                    <SubmitButton
                      name="intent"
                      value="request-done"
                      variant="secondary"
                      aria-describedby={`request-${lockerRequest.id}-member`}
                    >
                      Mark done
                    </SubmitButton>
                  </Form>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </Section>
    </>
  );
}
