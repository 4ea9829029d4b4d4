import { data } from "react-router";
import type { Route } from "./+types/industry";
import { IndustryTemplate } from "~/components/templates/industry-template";
import { industryName } from "~/content/catalog";
import { industryPages } from "~/content/industries";
import { industrySlugs, type IndustrySlug } from "~/content/types";
import { notFoundMeta, routeMeta } from "~/lib/meta";

function isIndustrySlug(slug: string): slug is IndustrySlug {
  return (industrySlugs as readonly string[]).includes(slug);
}

export function loader({ params }: Route.LoaderArgs) {
  if (!isIndustrySlug(params.slug)) throw data(null, { status: 404 });
  const page = industryPages[params.slug];
  return {
    page,
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
  return <IndustryTemplate page={loaderData.page} breadcrumbs={loaderData.breadcrumbs} />;
}
