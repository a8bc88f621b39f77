import { signingKey, workerConfig } from "#worker/config.ts";
import { deleteExpiredRecords } from "./data-retention.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { deliverDueOutboxMessages } from "#worker/shared/outbox.ts";
import { smsProviderFor } from "#worker/features/sms-invitation/sms-provider-for.ts";
import { deleteEndedStrictCounts } from "#worker/shared/strict-counter.ts";
import { settleOffers } from "#worker/features/admissions/tier-places.ts";
import { runDuesCron } from "#worker/features/dues/dues-cron.ts";
import { runLockerCron } from "#worker/features/lockers/locker-cron.ts";
import { runCalendarCron } from "#worker/features/calendar/calendar-cron.ts";

/**
 * The cron trigger (wrangler.toml, every minute): retries outbox deliveries that failed or never
 * ran, on both channels, clears strict-limit windows that have ended, runs the dues steps (dues-cron.ts),
 * ends the offers past their 7 days, offering free places to the tiers' waitlists (tier-places.ts),
 * runs the lockers' steps: offers, lapses, releases (locker-cron.ts), and the calendar's:
 * promotions, their emails and the reminders (calendar-cron.ts).
 */
export async function retryOutboxDeliveries(env: Env, now: number = Date.now()): Promise<void> {
  const config = workerConfig(env);
  // Each job on its own: a failure of one (a D1 error, say) must not skip the others.
  const [email, sms, counters, dues, offers, lockers, calendar] = await Promise.allSettled([
    deliverDueOutboxMessages(env.DB, "email", emailSender(env.EMAIL, config.EMAIL_FROM, signingKey(config)), now),
    deliverDueOutboxMessages(env.DB, "sms", smsProviderFor(config, env).send, now),
    deleteEndedStrictCounts(env.DB, now),
    runDuesCron({ env, config, signingKey: signingKey(config) }, now),
    settleOffers({ env, config, signingKey: signingKey(config) }, now),
    runLockerCron({ env, config, signingKey: signingKey(config) }, now),
    runCalendarCron({ env, config, signingKey: signingKey(config) }, now),
  ]);
  for (const job of [email, sms, counters, dues, offers, lockers, calendar])
    if (job.status === "rejected") console.error("cron: a job failed; the next run tries again", job.reason);
  const results = [email, sms].flatMap((job) => (job.status === "fulfilled" ? job.value : []));
  if (results.length > 0)
    console.info("outbox retry", { attempted: results.length, sent: results.filter((result) => result === "sent").length });
}

/** The daily trigger (wrangler.toml): records past the retention periods of /privacy go. */
export const DATA_RETENTION_CRON = "17 3 * * *";

/**
 * The Worker's `scheduled` handler: the daily retention job on its own trigger, the outbox retry
 * on every other. It uses the trigger's own time, not the clock: a local run (or the load test)
 * can fire the cron for a later minute with /cdn-cgi/handler/scheduled?time=… and see the
 * retries then due.
 */
export const handleScheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  if (controller.cron === DATA_RETENTION_CRON) ctx.waitUntil(deleteExpiredRecords(env.DB, controller.scheduledTime));
  else ctx.waitUntil(retryOutboxDeliveries(env, controller.scheduledTime));
};
