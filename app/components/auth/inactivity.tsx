/**
 * The inactivity timer (docs/requirements/accounts.md#inactivity-timer), mounted only while a user is signed in. Activity, debounced by
 * 1 s, restarts it; after 9 minutes a "Session Expiring" toast shows for 60 s; after 10 minutes a
 * "Session Expired" toast shows for 3 s and the user is signed out. While the user is active, the
 * server session is refreshed when 90 s remain (checked every 30 s).
 */
import { useEffect, useRef } from "react";

import type { AuthState } from "~/auth/auth-state";
import {
  ACTIVITY_DEBOUNCE_MS,
  ACTIVITY_EVENTS,
  EXPIRED_TOAST_MS,
  INACTIVITY_LOGOUT_MS,
  INACTIVITY_WARNING_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_REFRESH_THRESHOLD_MS,
  WARNING_TOAST_MS,
} from "~/auth/config";
import { dismissToast, toast } from "~/components/feedback/toaster";

export const INACTIVITY_TEXT = {
  warningTitle: "Session Expiring",
  warningDescription: "You will be logged out in 1 minute due to inactivity.",
  expiredTitle: "Session Expired",
  expiredDescription: "You have been logged out due to inactivity.",
} as const;

export default function InactivityMonitor({ session, signOut, refresh }: Pick<AuthState, "session" | "signOut" | "refresh">) {
  const expiresAt = useRef(session?.expiresAt);
  useEffect(() => {
    expiresAt.current = session?.expiresAt;
  }, [session?.expiresAt]);

  useEffect(() => {
    let warningTimer = 0;
    let logoutTimer = 0;
    let debounceTimer = 0;
    let warningToast = 0;

    const start = () => {
      window.clearTimeout(warningTimer);
      window.clearTimeout(logoutTimer);
      if (warningToast) {
        dismissToast(warningToast);
        warningToast = 0;
      }
      warningTimer = window.setTimeout(() => {
        warningToast = toast({
          title: INACTIVITY_TEXT.warningTitle,
          description: INACTIVITY_TEXT.warningDescription,
          durationMs: WARNING_TOAST_MS,
          tone: "warning",
        });
      }, INACTIVITY_WARNING_MS);
      logoutTimer = window.setTimeout(() => {
        if (warningToast) dismissToast(warningToast);
        toast({ title: INACTIVITY_TEXT.expiredTitle, description: INACTIVITY_TEXT.expiredDescription, durationMs: EXPIRED_TOAST_MS });
        void signOut();
      }, INACTIVITY_LOGOUT_MS);
    };

    const onActivity = () => {
      window.clearTimeout(debounceTimer);
      debounceTimer = window.setTimeout(start, ACTIVITY_DEBOUNCE_MS);
    };

    // Keep the server session alive for an active user: refresh when 90 s remain.
    const check = window.setInterval(() => {
      const expiry = expiresAt.current ? Date.parse(expiresAt.current) : NaN;
      if (Number.isFinite(expiry) && expiry - Date.now() <= SESSION_REFRESH_THRESHOLD_MS) void refresh();
    }, SESSION_CHECK_INTERVAL_MS);

    start();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.clearTimeout(warningTimer);
      window.clearTimeout(logoutTimer);
      window.clearTimeout(debounceTimer);
      window.clearInterval(check);
      if (warningToast) dismissToast(warningToast);
    };
  }, [signOut, refresh]);

  return null;
}
