import { ServiceTemplate } from "~/components/templates/service-template";
import { site } from "~/config/site";
import { serviceName } from "~/content/catalog";
import { serviceSlugs, type ServiceSlug } from "~/content/types";
import { factsFrom, notFoundMeta, originFrom, routeMeta } from "~/lib/meta";
import { absoluteUrl, pageImage } from "~/lib/seo";
import { notFoundOrRedirect } from "~/redirects/redirects.server";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/service";

function isServiceSlug(slug: string): slug is ServiceSlug {
  return (serviceSlugs as readonly string[]).includes(slug);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // An unknown slug: the redirect a rule gives it (an old page of the previous site), else not found.
  if (!isServiceSlug(params.slug)) throw await notFoundOrRedirect(request, context);
  const content = await siteContent(request, context);
  const page = content.services[params.slug];
  return {
    page,
    // Only the testimonials that name this service.
    testimonials: content.testimonials.filter((t) => t.services.includes(page.slug)),
    breadcrumbs: [
      { name: "Services", path: "/services" },
      { name: serviceName(page.slug), path: `/services/${page.slug}` },
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return notFoundMeta(matches, location.pathname);
  const { page, breadcrumbs } = loaderData;
  const origin = originFrom(matches);
  const { statesAlsoServed } = factsFrom(matches);
  const path = `/services/${page.slug}`;
  return routeMeta(matches, {
    title: page.title,
    description: page.description,
    path,
    breadcrumbs,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Service",
        name: serviceName(page.slug),
        serviceType: serviceName(page.slug),
        description: page.description,
        url: absoluteUrl(origin, path),
        // The page's social card (docs/requirements/public-site.md#social-cards).
        image: absoluteUrl(origin, pageImage({ title: page.title, path }).path),
        provider: { "@id": `${absoluteUrl(origin, "/")}#organization` },
        areaServed: [...Object.values(site.states), ...statesAlsoServed].map((name) => ({ "@type": "State", name })),
      },
    ],
  });
};

export default function Service({ loaderData }: Route.ComponentProps) {
  return <ServiceTemplate page={loaderData.page} breadcrumbs={loaderData.breadcrumbs} testimonials={loaderData.testimonials} />;
}
