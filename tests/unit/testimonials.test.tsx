// @vitest-environment jsdom
/**
 * Testimonials (docs/requirements/public-site.md#content): the home page shows those marked for it,
 * a service or industry page those naming it and no other (none: no section at all), each as a
 * figure of its quote and who said it; and no page marks them up as reviews.
 */
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub, type AppLoadContext, type MetaDescriptor } from "react-router";
import { describe, expect, it, onTestFinished, vi } from "vitest";

import { Testimonials } from "~/components/sections/testimonials";
import { seedContent } from "~/content/seed";
import type { Testimonial } from "~/content/types";
import Home, { loader as homeLoader, meta as homeMeta } from "~/routes/public/home";
import Industry, { loader as industryLoader, meta as industryMeta } from "~/routes/public/industry";
import Service, { loader as serviceLoader, meta as serviceMeta } from "~/routes/public/service";
import type { ContentService } from "~/studio/live.server";

import { inRoot, ROOT_DATA } from "./root-data";

const voip: Testimonial = {
  quote: "One number to call for the phones and the e-mail, and someone who knows our setup.",
  person: "Avery Voice",
  role: "Office manager",
  company: "Phones Co (sample)",
  industry: "healthcare",
  services: ["voip"],
  onHome: false,
};
const security: Testimonial = {
  quote: "The insurance form asked about MFA and backups; we had the answers the same week.",
  person: "Blake Shield",
  company: "Locks Inc (sample)",
  services: ["cybersecurity"],
  onHome: true,
};
const both: Testimonial = {
  quote: "They run our help desk and moved our phones; the same people answer for both.",
  person: "Casey Both",
  role: "Owner",
  company: "Both Ltd (sample)",
  services: ["managed-it", "voip"],
  onHome: true,
};

const content = { ...seedContent(), testimonials: [voip, security, both] };
const contentService: ContentService = {
  published: () => content,
  publishedAt: () => undefined,
  generation: () => 1,
  forRequest: async () => content,
};
const context = { services: { content: contentService } } as unknown as AppLoadContext;
const args = (path: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`https://www.crossroadsit.example${path}`), params, context }) as never;

/** The page at `path` rendered by its route module under a root route (the seed's facts). */
async function renderPage(path: string, route: { path: string; loader: unknown; Component: unknown }) {
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        loader: () => ROOT_DATA,
        HydrateFallback: () => null,
        children: [{ id: "page", path: route.path, loader: route.loader as never, Component: route.Component as never }],
      },
    ],
    context,
  );
  render(<Stub initialEntries={[path]} />);
  await screen.findByRole("heading", { level: 1 });
}

const section = () => screen.queryByRole("region", { name: "What clients say" });
const people = () =>
  within(section()!)
    .getAllByRole("figure")
    .map((figure) => figure.querySelector("figcaption span")?.textContent);

describe("which testimonials a page shows", () => {
  it("a service page: those naming that service, and not one naming another", async () => {
    const data = (await serviceLoader(args("/services/voip", { slug: "voip" }))) as { testimonials: Testimonial[] };
    expect(data.testimonials).toEqual([voip, both]);
    await renderPage("/services/voip", { path: "/services/:slug", loader: serviceLoader, Component: Service });
    expect(people()).toEqual(["Avery Voice", "Casey Both"]);
    expect(section()).toHaveTextContent(voip.quote);
    expect(section()).not.toHaveTextContent(security.quote);
    expect(document.body).not.toHaveTextContent("Blake Shield");
  });

  it("a service page no testimonial names has no section at all", async () => {
    await renderPage("/services/audio-visual", { path: "/services/:slug", loader: serviceLoader, Component: Service });
    expect(section()).toBeNull();
    expect(document.querySelector("figure, blockquote")).toBeNull();
  });

  it("an industry page: those naming that industry", async () => {
    await renderPage("/industries/healthcare", { path: "/industries/:slug", loader: industryLoader, Component: Industry });
    expect(people()).toEqual(["Avery Voice"]);
    const data = (await industryLoader(args("/industries/manufacturing", { slug: "manufacturing" }))) as { testimonials: Testimonial[] };
    expect(data.testimonials).toEqual([]);
  });

  it("the home page: those marked for it, after the figures", async () => {
    // The hero's video asks whether motion is reduced; jsdom has no matchMedia.
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    onTestFinished(() => {
      vi.unstubAllGlobals();
      pause.mockRestore();
    });
    const data = (await homeLoader(args("/"))) as { testimonials: Testimonial[] };
    expect(data.testimonials).toEqual([security, both]);
    await renderPage("/", { path: "/", loader: homeLoader, Component: Home });
    expect(people()).toEqual(["Blake Shield", "Casey Both"]);
    const ids = [...document.querySelectorAll("section[id]")].map((s) => s.id);
    expect(ids.indexOf("testimonials")).toBe(ids.indexOf("stats") + 1);
  });
});

describe("a testimonial's markup", () => {
  it("a figure: the quote in a blockquote, the person, role and company in its caption", () => {
    render(inRoot(<Testimonials testimonials={[voip, security]} />));
    const [first, second] = screen.getAllByRole("figure");
    expect(first.querySelector("blockquote")).toHaveTextContent(voip.quote);
    expect(first.querySelector("figcaption")).toHaveTextContent("Avery VoiceOffice manager, Phones Co (sample)");
    // No role: the company alone.
    expect(second.querySelector("figcaption")).toHaveTextContent(/^Blake ShieldLocks Inc \(sample\)$/);
    expect(screen.getByRole("heading", { level: 2, name: "What clients say" })).toBeInTheDocument();
  });

  it("nothing at all without testimonials", () => {
    const { container } = render(inRoot(<Testimonials testimonials={[]} />));
    expect(container).toBeEmptyDOMElement();
  });
});

describe("no review markup (Google shows none for reviews of a business on its own site)", () => {
  const REVIEW = /"(Review|AggregateRating|reviewRating|ratingValue)"|"review"\s*:/;
  const matches = [{ id: "root", data: ROOT_DATA }];

  it.each([
    ["/", homeMeta, homeLoader, {}],
    ["/services/voip", serviceMeta, serviceLoader, { slug: "voip" }],
    ["/industries/healthcare", industryMeta, industryLoader, { slug: "healthcare" }],
  ] as const)("%s: its JSON-LD holds no Review, AggregateRating or rating", async (path, meta, loader, params) => {
    const loaderData = await (loader as (a: never) => Promise<unknown>)(args(path, params));
    const tags = (meta as (a: never) => MetaDescriptor[])({ loaderData, matches, location: { pathname: path } } as never);
    const ld = tags.filter((tag) => "script:ld+json" in tag).map((tag) => (tag as Record<string, unknown>)["script:ld+json"]);
    for (const object of ld) {
      expect(JSON.parse(JSON.stringify(object))).toEqual(object);
      expect(JSON.stringify(object)).not.toMatch(REVIEW);
    }
  });
});
