// @vitest-environment jsdom
/**
 * Pages take the business facts from the content service of the request's load context
 * (app/studio/live.server.ts), never from a module: given a content service whose facts differ
 * from the seed's (another support line, another phone for the Indianapolis office), the root
 * loader returns them, the city page's loader and meta use them, and the rendered page shows
 * them, with no trace of the seed's numbers.
 */
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet, type AppLoadContext, type MetaDescriptor } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { TopBar } from "~/components/layout/top-bar";
import { seedFacts, type BusinessFacts, type Phone } from "~/config/site";
import { seedContent } from "~/content/seed";
import type { RootData } from "~/lib/meta";
import { loader as rootLoader } from "~/root";
import City, { loader as cityLoader, meta as cityMeta } from "~/routes/public/city";
import type { ContentService } from "~/studio/live.server";

// The root module's web font (?url imports of font files) is a build concern, not this test's.
vi.mock("~/first-paint/web-font", () => ({ useWebFontOnNavigation: () => {} }));

const phone = (display: string): Phone => ({ display, e164: `+1${display.replace(/\D/g, "")}` });
const SUPPORT = phone("(317) 555-0199");
const INDIANAPOLIS = phone("(317) 555-0188");
const PATH = "/indianapolis-it-support";

/** The seed, with the support line and the Indianapolis office's phone changed, as staff would publish them. */
const changedFacts: BusinessFacts = {
  ...seedFacts,
  phones: { ...seedFacts.phones, support: SUPPORT },
  offices: seedFacts.offices.map((office) => (office.id === "indianapolis" ? { ...office, phone: INDIANAPOLIS } : office)),
};
const content = { ...seedContent(), facts: changedFacts };
const service: ContentService = {
  published: () => content,
  publishedAt: () => undefined,
  generation: () => 1,
  forRequest: async () => content,
};
const context = { services: { content: service } } as unknown as AppLoadContext;
const request = () => new Request(`https://www.crossroadsit.example${PATH}`);

type LoaderArgs<T extends (...args: never[]) => unknown> = Parameters<T>[0];

describe("the facts of the request's content service, not the seed's", () => {
  it("the root loader returns the content service's facts", async () => {
    const data = await rootLoader({ request: request(), params: {}, context } as LoaderArgs<typeof rootLoader>);
    expect(data.facts.phones.support).toEqual(SUPPORT);
    expect(data.facts).toEqual(changedFacts);
  });

  it("the city page's loader gives the office of those facts, and its meta their phone", async () => {
    const data = await cityLoader({ request: request(), params: {}, context } as LoaderArgs<typeof cityLoader>);
    expect(data.office.phone).toEqual(INDIANAPOLIS);
    const root: RootData = { origin: "https://www.crossroadsit.example", facts: changedFacts, factsKey: "changed" };
    const meta = cityMeta({
      loaderData: data,
      matches: [{ id: "root", data: root }],
      location: { pathname: PATH },
    } as unknown as Parameters<typeof cityMeta>[0]) as MetaDescriptor[];
    const business = meta
      .map((m) => (m as { "script:ld+json"?: { "@type"?: string; telephone?: string } })["script:ld+json"])
      .find((ld) => ld?.["@type"] === "LocalBusiness");
    expect(business?.telephone).toBe(INDIANAPOLIS.e164);
  });

  it("the rendered page shows the changed phones and none of the seed's", async () => {
    const Stub = createRoutesStub(
      [
        {
          id: "root",
          loader: rootLoader as never,
          HydrateFallback: () => null,
          Component: () => (
            <>
              <TopBar />
              <Outlet />
            </>
          ),
          children: [{ id: `city${PATH}`, path: PATH, loader: cityLoader as never, Component: City as never }],
        },
      ],
      context,
    );
    render(<Stub initialEntries={[PATH]} />);
    const office = await screen.findByRole("complementary", { name: "Our Indianapolis office" });
    expect(within(office).getByRole("link", { name: INDIANAPOLIS.display })).toHaveAttribute("href", `tel:${INDIANAPOLIS.e164}`);
    expect(within(screen.getByTestId("top-bar")).getByRole("link", { name: SUPPORT.display })).toHaveAttribute(
      "href",
      `tel:${SUPPORT.e164}`,
    );
    const seedIndianapolis = seedFacts.offices.find((o) => o.id === "indianapolis")!.phone;
    for (const old of [seedFacts.phones.support, seedIndianapolis]) {
      expect(document.body.textContent).not.toContain(old.display);
      expect(document.querySelector(`a[href="tel:${old.e164}"]`)).toBeNull();
    }
  });
});
