import { LegalTemplate } from "~/components/templates/legal-template";
import { routeMeta } from "~/lib/meta";
import { legalPage } from "~/studio/legal-page.server";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/privacy-policy";

const crumbs = [{ name: "Privacy Policy", path: "/privacy-policy" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { doc: await legalPage((await siteContent(request, context)).privacy) };
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
