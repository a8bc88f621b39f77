/** The words the console uses for a member's status, dues and staff role (docs/product-rules.md#members). */
export const memberStatusNames = { invited: "Invited", active: "Active", suspended: "Suspended" } as const;
export const duesStatusNames = { active: "Paid", past_due: "Past due", lapsed: "Lapsed" } as const;
export const staffRoleNames = { member: "Member", door: "Door staff", concierge: "Concierge" } as const;
