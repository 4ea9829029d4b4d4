import { lazy, Suspense } from "react";
import { useRouteLoaderData } from "react-router";

import type { RootData } from "~/lib/meta";

// Rendered by the server at once; in the browser its code loads only on a preview, never on a
// visitor's page (as the footer's, ADR 020): staff-only text is no weight on the public pages' JavaScript.
const ServerContent = import.meta.env.SSR ? (await import("./preview-notice-content")).default : null;
const Content = ServerContent ?? lazy(() => import("./preview-notice-content"));

/**
 * On a staff preview of a draft (`?preview=<item id>`, docs/requirements/content-studio.md#drafts-and-preview):
 * a notice at the top of the page. Never on a public page: the root's data has no `preview` there.
 */
export function PreviewNotice() {
  const preview = useRouteLoaderData<RootData>("root")?.preview;
  if (!preview) return null;
  return (
    <Suspense fallback={null}>
      <Content preview={preview} />
    </Suspense>
  );
}
