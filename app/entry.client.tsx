/**
 * The browser's entry: React Router's default hydration (in a transition, so React hydrates in
 * slices that yield to the browser; without StrictMode, which does nothing in production),
 * started when the page's gate says so (ADR 013, ADR 025).
 *
 * On a public page the gate (app/first-paint/first-paint.server.ts) evaluates the page's modules, this one
 * included, once the page is idle after load or at the visitor's first input, whichever is first,
 * and lets it hydrate once that first input is over (`HYDRATE_WHEN`). While it hydrates, input is
 * held back from React and answered natively (app/first-paint/held-input.ts), until the root layout's
 * effect releases it. A page without the gate (behind sign-in) hydrates at once.
 */
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { startMeasuring } from "~/components/layout/analytics";
import { holdInputFromReact } from "~/first-paint/held-input";
import { HYDRATE_WHEN } from "~/first-paint/hydration-gate";
import { watchSearchFields } from "~/search/search-field-watch";

function hydrate(): void {
  startTransition(() => {
    hydrateRoot(document, <HydratedRouter />);
  });
}

startMeasuring();
// The site search fields' live results load on a field's first focus (docs/requirements/search.md).
watchSearchFields();

const gate = (window as unknown as Record<string, Promise<unknown> | undefined>)[HYDRATE_WHEN];
if (gate)
  void gate.then(() => {
    holdInputFromReact();
    hydrate();
  });
else hydrate();
