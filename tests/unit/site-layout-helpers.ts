/** What the unit tests that render the site layout (header, footer, phone menu) share. */
import { waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";

/** The auth state asks /api/session: answer "signed out". */
export function stubSignedOutSession(): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ user: null, session: null, isAdmin: false, isEditor: false, isSuperAdmin: false })),
  );
}

/**
 * The footer's and the phone menu's content load as modules of their own when React renders them
 * (not kept from a server page here): wait for them, so that nothing renders after the test.
 */
export async function layoutContentLoaded(): Promise<void> {
  await waitFor(() => {
    expect(document.querySelector("footer nav[aria-label='Legal']")).not.toBeNull();
    expect(document.querySelector("#side-menu nav[aria-label='Mobile']")).not.toBeNull();
  });
}
