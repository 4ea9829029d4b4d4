// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub, data, Outlet } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { AuthProvider } from "~/components/auth/auth-context";
import SiteLayout, { ErrorBoundary } from "~/routes/site-layout";

import { layoutContentLoaded, stubSignedOutSession } from "./site-layout-helpers";

beforeEach(stubSignedOutSession);

function renderWith(loader: () => unknown) {
  const Stub = createRoutesStub([
    {
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
