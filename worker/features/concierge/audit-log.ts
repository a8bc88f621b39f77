import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDatabase } from "#db/client.ts";
import { members, securityEvents } from "#db/schema.ts";
import { containsText } from "#db/text-match.ts";

/**
 * The audit log (docs/product-rules.md#audit-log): the security events, searched. Read only: no
 * route or function here changes an event; the retention cron (worker/features/operations/
 * data-retention.ts) is the only deletion.
 *
 * How an event names people (worker/shared/security-events.ts): `user_id` is the member the event
 * is recorded under, which for a staff action is the staff member who acted (the actor); the
 * member acted on is in the details (`memberId`, `payerId`, …), and a few events (a tier change)
 * are recorded under the member concerned. So "by" searches `user_id`, and "on whom" searches the
 * member's id anywhere in the event: `user_id` or the stored details. Page by page, the newest
 * first, each page read by the id of the last one shown (`before`), never by an offset.
 */
export const AUDIT_PAGE_SIZE = 50;

/** The event's own details as JSON text: searched, rather than the whole metadata (whose browser strings would match anything). */
const auditDetails = sql`json_extract(${securityEvents.metadata}, '$.details')`;

export interface AuditLogSearch {
  /** The staff member (member id) who acted. */
  actorId?: string | null;
  /** The event type. */
  eventType?: string | null;
  severity?: "low" | "medium" | "high" | null;
  /** Member ids of the member acted on (found by name or email beforehand). */
  targetIds?: readonly string[] | null;
  /** Words in the description or details. */
  text?: string | null;
  /** Inclusive UTC instants (ISO): from, and before (exclusive). */
  from?: string | null;
  until?: string | null;
  /** Only events older than this id (the "Older" link). */
  before?: number | null;
  limit?: number;
}

export interface AuditLogEntry {
  id: number;
  eventType: string;
  severity: "low" | "medium" | "high";
  description: string;
  userId: string | null;
  memberName: string | null;
  memberRole: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** A page of the log and the id to read the next (older) page from, null on the last page. */
export async function searchAuditLog(
  db: D1Database,
  search: AuditLogSearch,
): Promise<{ entries: AuditLogEntry[]; olderThan: number | null }> {
  const limit = Math.min(search.limit ?? AUDIT_PAGE_SIZE, 200);
  const conditions: (SQL | undefined)[] = [];
  if (search.actorId) conditions.push(eq(securityEvents.userId, search.actorId));
  if (search.eventType) conditions.push(eq(securityEvents.eventType, search.eventType));
  if (search.severity) conditions.push(eq(securityEvents.severity, search.severity));
  if (search.targetIds) {
    // No such member: nothing matches (rather than everything).
    if (search.targetIds.length === 0) return { entries: [], olderThan: null };
    conditions.push(
      or(inArray(securityEvents.userId, [...search.targetIds]), ...search.targetIds.map((id) => containsText(auditDetails, `"${id}"`))),
    );
  }
  if (search.text) {
    conditions.push(or(containsText(securityEvents.description, search.text), containsText(auditDetails, search.text)));
  }
  if (search.from) conditions.push(gte(securityEvents.createdAt, search.from));
  if (search.until) conditions.push(lt(securityEvents.createdAt, search.until));
  if (search.before) conditions.push(lt(securityEvents.id, search.before));
  const actor = alias(members, "actor");
  const rows = await getDatabase(db)
    .select({
      id: securityEvents.id,
      eventType: securityEvents.eventType,
      severity: securityEvents.severity,
      description: securityEvents.description,
      userId: securityEvents.userId,
      memberName: actor.name,
      memberRole: actor.role,
      metadata: securityEvents.metadata,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .leftJoin(actor, eq(actor.id, securityEvents.userId))
    .where(and(...conditions))
    .orderBy(desc(securityEvents.id))
    .limit(limit + 1)
    .all();
  const entries = rows.slice(0, limit);
  return { entries, olderThan: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/** The club's staff (door and concierge accounts), for the "by" filter. */
export function staffAccounts(db: D1Database): Promise<{ id: string; name: string; role: string }[]> {
  return getDatabase(db)
    .select({ id: members.id, name: members.name, role: members.role })
    .from(members)
    .where(inArray(members.role, ["door", "concierge"]))
    .orderBy(members.name)
    .limit(200)
    .all();
}

/** Members whose name or email holds `text`, at most 20: the "on whom" search. */
export async function membersNamed(db: D1Database, text: string): Promise<{ id: string; name: string }[]> {
  return getDatabase(db)
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(or(containsText(members.name, text), containsText(members.email, text)))
    .limit(20)
    .all();
}

/** The names of members named in a page's details (the member acted on), by id. */
export async function memberNames(db: D1Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await getDatabase(db)
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(inArray(members.id, [...new Set(ids)].slice(0, 100)))
    .all();
  return new Map(rows.map((row) => [row.id, row.name]));
}
