// Types of invitation-link.mjs for the TypeScript tests that import it.
export declare const INVITATION_LIFETIME_MS: number;
export declare function newInvitationLink(now?: number): { token: string; tokenHash: string; expiresAt: string };
export declare function hashInvitationToken(token: string): string;
export declare function invitationUrl(siteUrl: string, token: string): string;
