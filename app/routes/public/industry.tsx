import { IndustryTemplate } from "~/components/templates/industry-template";
import { industryName } from "~/content/catalog";
import { industrySlugs, type IndustrySlug } from "~/content/types";
import { notFoundMeta, routeMeta } from "~/lib/meta";
import { notFoundOrRedirect } from "~/redirects/redirects.server";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/industry";

function isIndustrySlug(slug: string): slug is IndustrySlug {
  return (industrySlugs as readonly string[]).includes(slug);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // An unknown slug: the redirect a rule gives it (an old page of the previous site), else not found.
  if (!isIndustrySlug(params.slug)) throw await notFoundOrRedirect(request, context);
  const content = await siteContent(request, context);
  const page = content.industries[params.slug];
  return {
    page,
    // Only the testimonials that name this industry.
    testimonials: content.testimonials.filter((t) => t.industry === page.slug),
    breadcrumbs: [
      { name: "Industries", path: "/industries" },
      { name: industryName(page.slug), path: `/industries/${page.slug}` },
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return notFoundMeta(matches, location.pathname);
  const { page, breadcrumbs } = loaderData;
  return routeMeta(matches, { title: page.title, description: page.description, path: `/industries/${page.slug}`, breadcrumbs });
};

export default function Industry({ loaderData }: Route.ComponentProps) {
  return <IndustryTemplate page={loaderData.page} breadcrumbs={loaderData.breadcrumbs} testimonials={loaderData.testimonials} />;
}
