/**
 * What only staff need, loaded once someone signs in: the inactivity timer (while signed in) and
 * the toast region (kept after sign-out, so "Session Expired" stays its 3 seconds).
 */
import { Toaster } from "~/components/feedback/toaster";
import InactivityMonitor from "./inactivity";

export default function SignedInExtras({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      {signedIn && <InactivityMonitor />}
      <Toaster />
    </>
  );
}
