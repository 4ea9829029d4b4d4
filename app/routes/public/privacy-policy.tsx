import { LegalTemplate } from "~/components/templates/legal-template";
import { privacyPage } from "~/content/legal";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/privacy-policy";

const crumbs = [{ name: "Privacy Policy", path: "/privacy-policy" }];

export function loader() {
  return { doc: privacyPage };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, {
    title: loaderData.doc.title,
    description: loaderData.doc.description,
    path: "/privacy-policy",
    breadcrumbs: crumbs,
    ogType: "article",
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalTemplate doc={loaderData.doc} breadcrumbs={crumbs} />;
}
