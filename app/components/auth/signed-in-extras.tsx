/**
 * What only staff need, loaded once someone signs in: the inactivity timer (while signed in) and
 * the toast region (kept after sign-out, so "Session Expired" stays its 3 seconds).
 */
import type { AuthState } from "~/auth/auth-state";
import { Toaster } from "~/components/feedback/toaster";

import InactivityMonitor from "./inactivity";

/** Given the auth state by AuthProvider (which loads this module), so nothing here imports it back. */
export default function SignedInExtras({ auth }: { auth: AuthState }) {
  return (
    <>
      {auth.user && <InactivityMonitor session={auth.session} signOut={auth.signOut} refresh={auth.refresh} />}
      <Toaster />
    </>
  );
}
