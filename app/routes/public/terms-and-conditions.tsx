import { LegalTemplate } from "~/components/templates/legal-template";
import { routeMeta } from "~/lib/meta";
import { legalPage } from "~/studio/legal-page.server";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/terms-and-conditions";

const crumbs = [{ name: "Terms & Conditions", path: "/terms-and-conditions" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { doc: await legalPage((await siteContent(request, context)).terms) };
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
