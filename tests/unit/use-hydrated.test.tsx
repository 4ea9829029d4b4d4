// @vitest-environment jsdom
/**
 * useHydrated (app/lib/use-hydrated.ts): the server's value while React hydrates the server's
 * markup, so nothing mismatches; true once hydrated, and at once for what mounts after.
 */
import { act } from "@testing-library/react";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import { useHydrated } from "~/lib/use-hydrated";

function Probe({ id }: { id: string }) {
  return <span id={id}>{useHydrated() ? "hydrated" : "server"}</span>;
}

describe("useHydrated", () => {
  it("hydrates the server's markup without a mismatch, then is true, also for what mounts later", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Probe id="a" />);
    expect(container.textContent).toBe("server");
    document.body.append(container);
    const recoverable = vi.fn();
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(container, <Probe id="a" />, { onRecoverableError: recoverable });
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector("#a")!.textContent).toBe("hydrated");

    // Mounted after hydration: no "server" first.
    const seen: string[] = [];
    function Later() {
      const value = useHydrated();
      seen.push(String(value));
      return null;
    }
    await act(async () =>
      root.render(
        <>
          <Probe id="a" />
          <Later />
        </>,
      ),
    );
    expect(seen[0]).toBe("true");
    act(() => root.unmount());
  });
});
