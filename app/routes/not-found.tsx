import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/components/sections/error-content";
import { notFoundMeta } from "~/lib/meta";

/** Any path no other route claims: the not-found page with HTTP 404. */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => notFoundMeta(matches, location.pathname);

export default function NotFound() {
  return <NotFoundContent />;
}
