// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, data, Outlet } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { AuthProvider } from "~/auth/auth-context";
import SiteLayout, { ErrorBoundary } from "~/routes/site-layout";

beforeEach(() => {
  // The auth state asks /api/session: answer "signed out".
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ user: null, session: null, isAdmin: false, isSuperAdmin: false })),
  );
});

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

/**
 * The footer's and the phone menu's content load as modules of their own when React renders them
 * (not kept from a server page here): wait for them, so that nothing renders after the test.
 */
async function layoutContentLoaded() {
  await waitFor(() => {
    expect(document.querySelector("footer nav[aria-label='Legal']")).not.toBeNull();
    expect(document.querySelector("#side-menu nav[aria-label='Mobile']")).not.toBeNull();
  });
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
