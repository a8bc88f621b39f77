import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { membershipTierSlugs, members } from "#db/schema.ts";
import { normalizeEmail } from "#worker/features/members/members.ts";
import { isName } from "#app/lib/plain-text.ts";

/**
 * The command line of the members' operator commands (docs/operators.md): strict options (a typo
 * is an error, not ignored), --help, the checks of what an operator types, and one place where an
 * OperatorError becomes a message and exit code 1. The tiers and roles are the schema's own.
 */

/** An operator's mistake: the command prints the message and exits 1. */
export class OperatorError extends Error {
  override name = "OperatorError";
}

export type OptionValues = Record<string, string | boolean | undefined>;

export function readOptions(command: { usage: string; options: ParseArgsOptionsConfig }): OptionValues {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    values = parseArgs({ options: { ...command.options, help: { type: "boolean" } }, strict: true, allowPositionals: false }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${command.usage}`);
    process.exit(1);
  }
  if (values.help) {
    console.log(command.usage);
    process.exit(0);
  }
  // No option is declared `multiple`, so every value is a single string or boolean.
  return values as OptionValues;
}

/** A string option's value (undefined when absent). */
export function text(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export async function runOperatorScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
}

type MembershipTier = (typeof membershipTierSlugs)[number];
type MemberRole = (typeof members.role.enumValues)[number];

const CONTROL_CHARACTERS = /\p{Cc}/u;

/** Trimmed and lower-cased by the Worker's own normalizeEmail, as sign-in compares it. */
export function memberEmail(value: string | undefined): string {
  const email = normalizeEmail(value ?? "");
  if (email.length > 254 || CONTROL_CHARACTERS.test(email) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new OperatorError(`--email must be an email address (got ${JSON.stringify(value ?? "")})`);
  }
  return email;
}

export function memberName(value: string | undefined): string {
  const name = (value ?? "").trim();
  if (name.length < 2 || name.length > 100 || !isName(name)) {
    throw new OperatorError(
      "--name must be 2 to 100 characters with a letter or digit, and without < >, line breaks, control or direction characters",
    );
  }
  return name;
}

export function membershipTier(value: string | undefined): MembershipTier {
  const tier = membershipTierSlugs.find((candidate) => candidate === value);
  if (!tier) throw new OperatorError(`--tier must be one of ${membershipTierSlugs.join(", ")}`);
  return tier;
}

export function memberRole(value: string = "member"): MemberRole {
  const role = members.role.enumValues.find((candidate) => candidate === value);
  if (!role) throw new OperatorError(`--role must be one of ${members.role.enumValues.join(", ")}`);
  return role;
}
