import { LegalTemplate } from "~/components/templates/legal-template";
import { termsPage } from "~/content/legal";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/terms-and-conditions";

const crumbs = [{ name: "Terms & Conditions", path: "/terms-and-conditions" }];

export function loader() {
  return { doc: termsPage };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, {
    title: loaderData.doc.title,
    description: loaderData.doc.description,
    path: "/terms-and-conditions",
    breadcrumbs: crumbs,
    ogType: "article",
  });

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalTemplate doc={loaderData.doc} breadcrumbs={crumbs} />;
}
