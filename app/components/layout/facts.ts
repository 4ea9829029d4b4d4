/**
 * The business facts a component shows (phones, e-mails, hours, offices...): the ones the root
 * loader read for this request (app/root.tsx, from the content service), never a module's values,
 * so what staff publish is what the next page shows.
 */
import { useRouteLoaderData } from "react-router";

import type { BusinessFacts } from "~/config/site";
import type { RootData } from "~/lib/meta";

/** The facts of the root loader's data, or undefined where there is none (the root's own error boundary). */
export function useOptionalFacts(): BusinessFacts | undefined {
  return useRouteLoaderData<RootData>("root")?.facts;
}

/** The facts of the root loader's data; throws when a component renders outside a root that loaded. */
export function useFacts(): BusinessFacts {
  const facts = useOptionalFacts();
  if (!facts) throw new Error("useFacts: no business facts in the root route's data (render below the root route)");
  return facts;
}

/**
 * A short key of the facts this page shows (the root loader's hash of them): content kept as the
 * server sent it that shows facts (the footer, the side menu: StaticContent's `keptWhile`) is
 * rendered afresh when a navigation brings facts published since the page loaded.
 */
export function useFactsKey(): string {
  return useRouteLoaderData<RootData>("root")?.factsKey ?? "";
}
