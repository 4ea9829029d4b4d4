import { startTransition, useEffect, useState } from "react";

/**
 * Whether this page has been hydrated: false on the server and while React hydrates what the
 * server sent, true after (and at once for a component mounted later, on a client navigation).
 *
 * The switch to true is a transition, made from an effect: React renders it in small slices like
 * the hydration itself. (useSyncExternalStore with a server snapshot, the usual way, re-renders
 * every such component synchronously right after hydration, one long task that a phone feels:
 * ADR 013.)
 */
let hydrated = false;

/**
 * Whether the page's first hydration has been committed (false on the server). Read while
 * rendering: true for a component that mounts after it (a client navigation). Any component's
 * effect may mark it, since effects run once the whole first hydration has been committed.
 */
export const hydrationDone = (): boolean => hydrated;
export function markHydrated(): void {
  hydrated = true;
}

export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!isHydrated) startTransition(() => setHydrated(true));
    // Only the first value matters: once true it stays true.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return isHydrated;
}
