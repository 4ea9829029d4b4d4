import { ServerErrorContent } from "~/components/sections/error-content";
import { serverErrorPage } from "~/content/pages";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/server-error";

/** /500: the branded server-error page, also what the server sends when a request fails outside React. */
export const meta: Route.MetaFunction = ({ matches }) => routeMeta(matches, { ...serverErrorPage, path: "/500", noindex: true });

export default function ServerError() {
  return <ServerErrorContent />;
}
