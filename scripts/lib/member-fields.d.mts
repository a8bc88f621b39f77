// Types of member-fields.mjs for the TypeScript tests that import it.
export declare const MEMBERSHIP_TIERS: readonly ["kickback", "business", "platinum"];
export declare const MEMBER_ROLES: readonly ["member", "concierge"];
export declare const MEMBER_STATUSES: readonly ["invited", "active", "suspended"];
export declare class OperatorError extends Error {}
export declare function memberEmail(value: string | undefined): string;
export declare function memberName(value: string | undefined): string;
export declare function membershipTier(value: string | undefined): (typeof MEMBERSHIP_TIERS)[number];
export declare function memberRole(value?: string): (typeof MEMBER_ROLES)[number];
export declare function memberPassword(value: string): string;
export declare function currentLockerQuarter(now?: Date): string;
