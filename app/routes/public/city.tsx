import { data } from "react-router";

import { CityTemplate } from "~/components/templates/city-template";
import { officeById, site } from "~/config/site";
import { cities } from "~/content/catalog";
import { cityPages } from "~/content/cities";
import { originFrom, routeMeta } from "~/lib/meta";
import { absoluteUrl, OG_IMAGE } from "~/lib/seo";

import type { Route } from "./+types/city";

const dayCodes = { Monday: "Mo", Tuesday: "Tu", Wednesday: "We", Thursday: "Th", Friday: "Fr" } as const;

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const entry = cities.find((c) => c.href === path);
  if (!entry) throw data(null, { status: 404 });
  return { page: cityPages[entry.slug], breadcrumbs: [{ name: entry.name, path: entry.href }] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { page, breadcrumbs } = loaderData;
  const office = officeById(page.officeId);
  const origin = originFrom(matches);
  return routeMeta(matches, {
    title: page.title,
    description: page.description,
    path: office.href,
    breadcrumbs,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "LocalBusiness",
        "@id": `${absoluteUrl(origin, office.href)}#office`,
        name: `${site.brand} ${office.city}`,
        description: page.description,
        url: absoluteUrl(origin, office.href),
        image: absoluteUrl(origin, OG_IMAGE.path),
        telephone: office.phone.e164,
        email: site.emails.general,
        address: {
          "@type": "PostalAddress",
          streetAddress: office.street,
          addressLocality: office.city,
          addressRegion: office.state,
          postalCode: office.postalCode,
          addressCountry: "US",
        },
        geo: { "@type": "GeoCoordinates", latitude: office.latitude, longitude: office.longitude },
        openingHoursSpecification: [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: site.hours.days.map((d) => `https://schema.org/${d}`),
            opens: site.hours.opens,
            closes: site.hours.closes,
          },
        ],
        openingHours: `${site.hours.days.map((d) => dayCodes[d]).join(",")} ${site.hours.opens}-${site.hours.closes}`,
        areaServed: page.areasServed.map((name) => ({ "@type": "Place", name })),
        parentOrganization: { "@id": `${absoluteUrl(origin, "/")}#organization` },
      },
    ],
  });
};

export default function City({ loaderData }: Route.ComponentProps) {
  return <CityTemplate page={loaderData.page} breadcrumbs={loaderData.breadcrumbs} />;
}
