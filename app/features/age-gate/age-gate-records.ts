/**
 * The browser-side records (docs/product-rules.md#age-gate): the age-verification record and the compliance log in
 * local storage, the entered and age-verified flags for this browser session. Storage or UUID
 * failures (private modes, full quotas, old browsers) fall back silently with a console warning
 * and never block the visitor.
 */
const keys = {
  ageVerification: "ageVerification",
  complianceLog: "complianceLog",
  sessionId: "complianceSessionId",
  ageVerified: "ageVerified",
  entered: "entered",
} as const;

function attempt(action: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    console.warn(`age gate: could not ${action}`, error);
  }
}

function newSessionId(): string {
  try {
    return crypto.randomUUID();
  } catch (error) {
    console.warn("age gate: crypto.randomUUID failed, using a fallback id", error);
    return `fallback-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  }
}

/** The compliance-log session id: one per browser session, kept while the session lasts. */
export function complianceSessionId(): string {
  let id: string | null = null;
  attempt("read the session id", () => {
    id = sessionStorage.getItem(keys.sessionId);
  });
  if (id) return id;
  const created = newSessionId();
  attempt("store the session id", () => sessionStorage.setItem(keys.sessionId, created));
  return created;
}

/** Age-verification record: `redirected` is present only for an under-21 answer. */
export function recordAgeAnswer(verified: boolean): void {
  const record = {
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent,
    verified,
    ...(verified ? {} : { redirected: true }),
  };
  attempt("save the age verification", () => localStorage.setItem(keys.ageVerification, JSON.stringify(record)));
  if (verified) attempt("set the age-verified flag", () => sessionStorage.setItem(keys.ageVerified, "true"));
  recordCompliance({ verified, entered: false });
}

/** Marks the visitor as entered for this browser session. */
export function recordEntered(): void {
  attempt("set the entered flag", () => sessionStorage.setItem(keys.entered, "true"));
  recordCompliance({ verified: true, entered: true });
}

function recordCompliance(state: { verified: boolean; entered: boolean }): void {
  const log = { timestamp: new Date().toISOString(), sessionId: complianceSessionId(), ...state };
  attempt("save the compliance log", () => localStorage.setItem(keys.complianceLog, JSON.stringify(log)));
}
