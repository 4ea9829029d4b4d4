import { data } from "react-router";

import { NotFoundContent } from "~/components/sections/error-content";
import { notFoundMeta } from "~/lib/meta";
import { findRedirectFor } from "~/redirects/redirects.server";

import type { Route } from "./+types/not-found";

/**
 * Any path no other route claims: the redirect a rule gives it (docs/requirements/blog-and-documents.md#redirects),
 * else the not-found page with HTTP 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const moved = await findRedirectFor(request, context);
  if (moved) throw moved;
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => notFoundMeta(matches, location.pathname);

export default function NotFound() {
  return <NotFoundContent />;
}
