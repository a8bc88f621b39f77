import { z } from "#app/lib/zod.ts";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";

/**
 * The queries of the audit log and the exports (docs/product-rules.md#audit-log, #exports): GET
 * forms, so a search has its own address. Anything malformed is dropped (the filter is left out),
 * never an error: an address typed by hand still shows the log.
 */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => portlandTimeToUtc(value, "00:00") !== null)
  .optional()
  .catch(undefined);

const words = (max: number) => z.string().trim().max(max).optional().catch(undefined);

export const auditLogQuery = z.object({
  /** The staff member who acted (a member id). */
  by: words(100),
  type: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,64}$/)
    .optional()
    .catch(undefined),
  severity: z.enum(["low", "medium", "high"]).optional().catch(undefined),
  /** The member acted on: part of a name or an email. */
  on: words(100),
  q: words(100),
  from: day,
  to: day,
  /** The "Older" link: events before this id. */
  before: z.coerce.number().int().positive().optional().catch(undefined),
});

export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** The exports' files. */
export const exportFiles = ["members.csv", "check-ins.csv", "payments.csv", "bookings.csv", "meeting-room-bookings.csv"] as const;
export type ExportFile = (typeof exportFiles)[number];

export const exportParams = z.object({ file: z.enum(exportFiles) });

/** An export's optional period: Portland days, inclusive. */
export const exportQuery = z.object({ from: day, to: day });
