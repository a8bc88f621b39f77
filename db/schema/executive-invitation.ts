import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";
import { membershipTierSlugs } from "./members.ts";

/**
 * Executive invitation requests, stored before any email is sent. One row is one application: the
 * card the concierge decides on, and the applicant's journey from "new" to paying member
 * (docs/product-rules.md#admissions). A second request from the same email within 30 days is kept
 * as its own row, status 'joined', pointing at the first (`joinedTo`): the card shows both.
 *
 * new → (sit-down booked) → declined | waitlisted | offered → paid | expired. 'approved' is the
 * old direct admission (a member made at once, no dues), kept only for requests decided that way.
 */
export const invitationRequests = sqliteTable(
  "invitation_requests",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The email as members.email stores it (normalizeEmail): how repeat submissions are joined. */
    emailKey: text("email_key").notNull().default(""),
    company: text("company").notNull(),
    invitedBy: text("invited_by").notNull(),
    message: text("message").notNull(),
    /** The reCAPTCHA score when `checkedBy` is 'captcha'; 0 otherwise (never shown then). */
    recaptchaScore: real("recaptcha_score").notNull(),
    /**
     * How the request showed a person sent it (docs/security.md#captcha): a reCAPTCHA pass, a
     * mobile number verified by SMS code (`verifiedPhone`), or nothing but the honeypot and the
     * stricter limit of a form posted without JavaScript.
     */
    checkedBy: text("checked_by", { enum: ["captcha", "sms", "none"] })
      .notNull()
      .default("captcha"),
    /** The US mobile number the visitor verified by SMS code before asking (10 digits), if they did. */
    verifiedPhone: text("verified_phone"),
    status: text("status", { enum: ["new", "approved", "declined", "waitlisted", "offered", "paid", "expired", "joined"] })
      .notNull()
      .default("new"),
    createdAt: utcTimestamp("created_at"),
    /** The first request of this email within 30 days, when this one repeats it (status 'joined'). */
    joinedTo: text("joined_to"),
    /** The concierge's decision: who decided, when, and the note they left (never sent). */
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    decisionNote: text("decision_note"),
    /** The member created when the request was paid (or, for old requests, approved). */
    memberId: text("member_id"),
    /** The member the concierge linked as sponsor ("Your Connection"), and their answer. */
    sponsorMemberId: text("sponsor_member_id"),
    sponsorAnswer: text("sponsor_answer", { enum: ["yes", "no", "unknown"] }),
    sponsorAnsweredAt: text("sponsor_answered_at"),
    /** When the concierge invited the applicant to book a sit-down (their status page then offers slots). */
    sitDownInvitedAt: text("sit_down_invited_at"),
    /** The tier the concierge approved the applicant into (offered or waitlisted for). */
    tier: text("tier", { enum: membershipTierSlugs }),
    /** Orders the tier's waitlist: first in, first offered. */
    waitlistedAt: text("waitlisted_at"),
    /** The open offer: made at, and the end of its 7 days. */
    offeredAt: text("offered_at"),
    offerExpiresAt: text("offer_expires_at"),
    /** The payment provider's checkout session for this offer (one at a time). */
    checkoutSessionId: text("checkout_session_id"),
    paidAt: text("paid_at"),
  },
  (table) => [
    index("invitation_requests_status").on(table.status, table.createdAt),
    index("invitation_requests_email_key").on(table.emailKey, table.createdAt),
    index("invitation_requests_waitlist").on(table.status, table.tier, table.waitlistedAt),
    uniqueIndex("invitation_requests_checkout_session").on(table.checkoutSessionId),
  ],
);

/**
 * The application's history, one row per step, written in the same batch as the step: the console's
 * pipeline shows dates and who acted from here. `actorId` is the member (concierge or sponsor)
 * who acted; null when the applicant or the system did.
 */
export const applicationEvents = sqliteTable(
  "application_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestId: text("request_id").notNull(),
    kind: text("kind", {
      enum: [
        "submitted",
        "resubmitted",
        "sponsor_linked",
        "sponsor_answered",
        "sit_down_invited",
        "sit_down_booked",
        "sit_down_cancelled",
        "declined",
        "waitlisted",
        "offered",
        "offer_expired",
        "paid",
      ],
    }).notNull(),
    actorId: text("actor_id"),
    /** A short plain-text detail (the tier, the slot, the sponsor's answer); never a secret. */
    detail: text("detail"),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("application_events_request").on(table.requestId, table.id)],
);
