/**
 * The client's auth state, with the required shape (docs/requirements/accounts.md#auth-state): user (id, email), session (its expiry only: the
 * token stays in an httpOnly cookie, docs/requirements/accounts.md#sessions), loading, isAdmin, isEditor, isSuperAdmin, signIn,
 * signOut. Loading until the first check is done. Signing in or out in one tab updates every tab.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigation } from "react-router";

import type { AuthState, AuthUser, Snapshot } from "~/auth/auth-state";
import { fetchWithRetry } from "~/auth/fetch-retry";

export type { AuthState, AuthUser };

const SIGNED_OUT: Snapshot = { user: null, session: null, isAdmin: false, isEditor: false, isSuperAdmin: false, canWorkLeads: false };
const CHANNEL = "crossroads-auth";

const AuthContext = createContext<AuthState | null>(null);

// Loaded only for signed-in users, so visitors download none of it.
const SignedInExtras = lazy(() => import("./signed-in-extras"));

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}

function announce(message: "signed-in" | "signed-out") {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** The server's view of the session; null when it could not be asked (offline, server down). */
async function readSession(): Promise<Snapshot | null> {
  try {
    const response = await fetchWithRetry("/api/session", { headers: { accept: "application/json" }, cache: "no-store" });
    return response.ok ? ((await response.json()) as Snapshot) : SIGNED_OUT;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<Snapshot>(SIGNED_OUT);
  const [loading, setLoading] = useState(true);
  // Once someone has signed in here, the toast region stays (the "Session Expired" toast outlives the session).
  const [hadSession, setHadSession] = useState(false);

  const refresh = useCallback(
    () =>
      readSession().then((next) => {
        if (next) setSnapshot(next);
        if (next?.user) setHadSession(true);
        setLoading(false);
      }),
    [],
  );

  // The sign-in form posts to its route's server action; once that navigation settles, re-read
  // the session here and tell the other tabs.
  const navigation = useNavigation();
  const authSubmission = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/")) authSubmission.current = true;
    if (navigation.state === "idle" && authSubmission.current) {
      authSubmission.current = false;
      void refresh().then(() => announce("signed-in"));
    }
  }, [navigation.state, navigation.formAction, refresh]);

  useEffect(() => {
    void refresh();
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void refresh();
    return () => channel.close();
  }, [refresh]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) return { error: response.status === 429 ? "too_many_attempts" : "invalid_credentials" };
      // Two-factor sign-in on: no session yet; the code step is the /auth/two-factor page.
      const answer = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
      if (answer?.twoFactorRedirect) return { error: "two_factor_required" };
      await refresh();
      announce("signed-in");
      return { error: null };
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(() => {});
    setSnapshot(SIGNED_OUT);
    announce("signed-out");
  }, []);

  const value = useMemo<AuthState>(
    () => ({ ...snapshot, loading, signIn, signOut, refresh }),
    [snapshot, loading, signIn, signOut, refresh],
  );
  return (
    <AuthContext.Provider value={value}>
      {children}
      {hadSession && (
        <Suspense fallback={null}>
          <SignedInExtras auth={value} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
