export interface MemberProfile {
  tier?: "kickback" | "business" | "platinum";
  role?: "member" | "concierge";
  points?: number;
  lockerNumber?: string | null;
}
export const E2E_PERSIST_DIR: string;
export const POOL_PASSWORD: string;
export function seedMemberPool(persistDir?: string): number;
export function claimPoolMember(profile?: MemberProfile): { email: string; name: string; password: string };
