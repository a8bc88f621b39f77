import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useSubmit } from "react-router";

/**
 * The authentication context (docs/product-rules.md#sign-in): `{ user, session, loading, signOut }`. The server knows
 * who is signed in (the root loader reads the session), so with server rendering the first
 * render already has the answer and `loading` is false from the start; it is true only when no
 * auth state reached the page (an error page rendered without the root loader's data).
 */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  tier: "kickback" | "business" | "platinum";
  role: "member" | "door" | "concierge";
}

export interface AuthSession {
  /** When the session ends unless it is renewed (milliseconds since the epoch). */
  expiresAt: number;
}

export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
  signOut: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({
  auth,
  children,
}: {
  auth: { user: AuthUser | null; session: AuthSession | null } | undefined;
  children: ReactNode;
}) {
  const submit = useSubmit();
  // The same POST as the header's Sign Out form: the session dies on the server, then home.
  const signOut = useCallback(() => void submit(null, { method: "post", action: "/auth/sign-out" }), [submit]);
  const value = useMemo<AuthState>(
    () => ({ user: auth?.user ?? null, session: auth?.session ?? null, loading: auth === undefined, signOut }),
    [auth, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth must be used within an AuthProvider");
  return auth;
}
