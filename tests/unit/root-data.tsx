/** The root route's data (app/root.tsx) for unit tests that render the site's parts: the seed's facts, read by useFacts. */
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";

import { seedFacts, site } from "~/config/site";
import type { RootData } from "~/lib/meta";

export const ROOT_DATA: RootData = { origin: site.defaultOrigin, facts: seedFacts, factsKey: "seed" };

/** `children` rendered as the page of a root route (id "root") whose loader answered `data`. */
export function inRoot(children: ReactNode, data: RootData = ROOT_DATA) {
  const Stub = createRoutesStub([{ id: "root", path: "/", loader: () => data, Component: () => <>{children}</> }]);
  return <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: data } }} />;
}
