import { data } from "react-router";

import { CityTemplate } from "~/components/templates/city-template";
import { officeById, site, type Weekday } from "~/config/site";
import { cities } from "~/content/catalog";
import { factsFrom, originFrom, routeMeta } from "~/lib/meta";
import { absoluteUrl, OG_IMAGE } from "~/lib/seo";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/city";

const dayCodes: Record<Weekday, string> = {
  Monday: "Mo",
  Tuesday: "Tu",
  Wednesday: "We",
  Thursday: "Th",
  Friday: "Fr",
  Saturday: "Sa",
  Sunday: "Su",
};

/** The city's page copy, and its office (address, phone) from the business facts this request sees. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const entry = cities.find((c) => c.href === path);
  if (!entry) throw data(null, { status: 404 });
  const content = await siteContent(request, context);
  const page = content.cities[entry.slug];
  return { page, office: officeById(content.facts, page.officeId), breadcrumbs: [{ name: entry.name, path: entry.href }] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { page, office, breadcrumbs } = loaderData;
  const { emails, hours } = factsFrom(matches);
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
        email: emails.general,
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
            dayOfWeek: hours.days.map((d) => `https://schema.org/${d}`),
            opens: hours.opens,
            closes: hours.closes,
          },
        ],
        openingHours: `${hours.days.map((d) => dayCodes[d]).join(",")} ${hours.opens}-${hours.closes}`,
        areaServed: page.areasServed.map((name) => ({ "@type": "Place", name })),
        parentOrganization: { "@id": `${absoluteUrl(origin, "/")}#organization` },
      },
    ],
  });
};

export default function City({ loaderData }: Route.ComponentProps) {
  return <CityTemplate page={loaderData.page} office={loaderData.office} breadcrumbs={loaderData.breadcrumbs} />;
}
