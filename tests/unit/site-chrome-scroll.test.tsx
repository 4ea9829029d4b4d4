// @vitest-environment jsdom
/**
 * The header's scroll states (docs/requirements/public-site.md#layout: the top bar only at scroll 0, the shadow
 * past 50 px) are drawn by CSS from attributes the head script's scroll listener sets
 * (app/first-paint/scroll-marks.ts): from the first paint, before any hydration, and a scroll never makes
 * React render, so a tap just after a scroll is answered without waiting for a render of the page's chrome.
 */
import { render } from "@testing-library/react";
import { Profiler } from "react";
import { createRoutesStub, Outlet } from "react-router";
import { beforeAll, beforeEach, expect, it } from "vitest";

import { AuthProvider } from "~/components/auth/auth-context";
import { HEADER_SHADOW_THRESHOLD_PX } from "~/config/ui";
import { watchScrollMarks } from "~/first-paint/scroll-marks";
import SiteLayout from "~/routes/site-layout";

import { ROOT_DATA } from "./root-data";
import { layoutContentLoaded, stubSignedOutSession } from "./site-layout-helpers";

beforeEach(stubSignedOutSession);
// What the head script of every page runs before its first paint (app/first-paint/first-paint.server.ts).
beforeAll(() => watchScrollMarks(HEADER_SHADOW_THRESHOLD_PX));

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

async function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
  await nextFrame();
  await nextFrame();
}

it("a scroll across the top bar's and the shadow's thresholds marks the header and renders nothing", async () => {
  const commits: string[] = [];
  const Stub = createRoutesStub([
    {
      id: "root",
      loader: () => ROOT_DATA,
      Component: () => (
        <AuthProvider>
          <Outlet />
        </AuthProvider>
      ),
      children: [{ Component: SiteLayout, children: [{ path: "/", Component: () => <p>Home</p> }] }],
    },
  ]);
  render(
    <Profiler id="site" onRender={(_id, phase) => commits.push(phase)}>
      <Stub initialEntries={["/"]} />
    </Profiler>,
  );
  // Signed-out state known, footer and phone menu content loaded: nothing left to render.
  await layoutContentLoaded();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const chrome = document.documentElement;
  expect(chrome.hasAttribute("data-away")).toBe(false);
  commits.length = 0;

  await scrollTo(1);
  expect(chrome.hasAttribute("data-away")).toBe(true);
  expect(chrome.hasAttribute("data-shadow")).toBe(false);
  await scrollTo(60);
  expect(chrome.hasAttribute("data-shadow")).toBe(true);
  await scrollTo(0);
  expect(chrome.hasAttribute("data-away")).toBe(false);
  expect(chrome.hasAttribute("data-shadow")).toBe(false);

  expect(commits).toEqual([]);
});
