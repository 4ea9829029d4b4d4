// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub, data, Outlet } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { AuthProvider } from "~/components/auth/auth-context";
import { ServerErrorContent } from "~/components/sections/error-content";
import SiteLayout, { ErrorBoundary } from "~/routes/site-layout";

import { ROOT_DATA } from "./root-data";
import { layoutContentLoaded, stubSignedOutSession } from "./site-layout-helpers";

beforeEach(stubSignedOutSession);

function renderWith(loader: () => unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      loader: () => ROOT_DATA,
      Component: () => (
        <AuthProvider>
          <Outlet />
        </AuthProvider>
      ),
      children: [
        {
          id: "site",
          Component: SiteLayout,
          ErrorBoundary,
          children: [{ path: "/broken", loader, Component: () => <p>never shown</p> }],
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={["/broken"]} />);
}

describe("the site layout's error boundary", () => {
  it("shows the branded server-error page, inside header and footer, and never the error itself", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderWith(() => {
      throw new Error("database password is hunter2 at db.server.ts:42");
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong on our side" })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain("hunter2");
    expect(document.body.textContent).not.toContain("db.server.ts");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    await layoutContentLoaded();
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Privacy Policy");
  });

  it("shows the not-found page for a thrown 404", async () => {
    renderWith(() => {
      throw data(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { level: 1, name: "We can’t find that page" })).toBeInTheDocument();
    await layoutContentLoaded();
  });
});

// app/root.tsx's ErrorBoundary is <ServerErrorContent /> in a <main> (the root module itself is not
// imported here: its web font's ?url imports need the whole Vite setup).
describe("the server-error content of the root's error boundary", () => {
  it("renders without root data (the root loader failed): no business facts, so no phone line", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => {
          throw new Error("the content store is down");
        },
        Component: () => <p>never shown</p>,
        ErrorBoundary: () => <ServerErrorContent />,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong on our side" })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain("content store");
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it("with root data, the same page gives the support line of the request's facts", async () => {
    const facts = {
      ...ROOT_DATA.facts,
      phones: { ...ROOT_DATA.facts.phones, support: { display: "(317) 555-0199", e164: "+13175550199" } },
    };
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => ({ ...ROOT_DATA, facts }),
        Component: () => <ServerErrorContent />,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("link", { name: "(317) 555-0199" })).toHaveAttribute("href", "tel:+13175550199");
  });
});
