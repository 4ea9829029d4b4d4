// @vitest-environment jsdom
/** Header dropdown: opens on hover, closes 150 ms after the pointer leaves, closes on Escape (docs/requirements/public-site.md#layout). */
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { NavDropdown } from "~/components/layout/nav-dropdown";
import { navigation } from "~/config/navigation";

import { inRoot } from "./root-data";

function renderDropdown() {
  render(
    <MemoryRouter>
      <NavDropdown label="Services" links={navigation.services} allLink={navigation.allServices} />
    </MemoryRouter>,
  );
  const button = screen.getByRole("button", { name: "Services" });
  const root = button.parentElement!;
  return { button, root };
}

describe("NavDropdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("jsdom delivers pointerType to React (otherwise the hover tests below would be meaningless)", () => {
    expect(typeof window.PointerEvent).toBe("function");
    expect(new window.PointerEvent("pointerover", { pointerType: "mouse" }).pointerType).toBe("mouse");
  });

  // jsdom has no popovers: these run the script's own path (the panel marked data-open); the
  // browser tests (tests/e2e/layout.spec.ts) cover the popover.
  it("opens on mouse hover and shows its links", () => {
    const { button, root } = renderDropdown();
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toHaveAttribute("data-open");

    fireEvent.pointerEnter(root, { pointerType: "mouse" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(panel).toHaveAttribute("data-open");
    expect(within(panel).getByRole("link", { name: "VoIP", hidden: true })).toHaveAttribute("href", "/services/voip");
    expect(within(panel).getAllByRole("link", { hidden: true })).toHaveLength(navigation.services.length + 1);
  });

  it("stays open 100 ms after the pointer leaves and is closed at 200 ms", () => {
    const { button, root } = renderDropdown();
    fireEvent.pointerEnter(root, { pointerType: "mouse" });
    fireEvent.pointerLeave(root, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(100));
    expect(button).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(100));
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("re-entering before the delay keeps it open", () => {
    const { button, root } = renderDropdown();
    fireEvent.pointerEnter(root, { pointerType: "mouse" });
    fireEvent.pointerLeave(root, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerEnter(root, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(500));
    expect(button).toHaveAttribute("aria-expanded", "true");
  });

  it("ignores touch pointers on hover (touch opens by tap instead)", () => {
    const { button, root } = renderDropdown();
    fireEvent.pointerEnter(root, { pointerType: "touch" });
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Escape", () => {
    const { button, root } = renderDropdown();
    fireEvent.pointerEnter(root, { pointerType: "mouse" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    fireEvent.keyDown(button, { key: "Escape" });
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("toggles on click for touch and keyboard users", () => {
    const { button } = renderDropdown();
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});

vi.mock("~/components/auth/auth-context", () => ({ useAuth: () => ({ signOut: vi.fn() }) }));

describe("Account link next to Logout (docs/requirements/accounts.md#account-page)", () => {
  afterEach(cleanup);

  it("the header shows Account and Logout to a signed-in user, neither to a visitor", async () => {
    const { SiteHeader } = await import("~/components/layout/site-header");
    const { unmount } = render(inRoot(<SiteHeader viewer={{ signedIn: true, isAdmin: false, isEditor: false, canWorkLeads: true }} />));
    expect(screen.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    const logout = screen.getByRole("button", { name: "Logout" });
    // Side by side, Account first.
    expect(screen.getByRole("link", { name: "Account" }).nextElementSibling).toBe(logout);
    unmount();
    render(inRoot(<SiteHeader viewer={{ signedIn: false, isAdmin: false, isEditor: false, canWorkLeads: false }} />));
    expect(screen.queryByRole("link", { name: "Account" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
  });

  it("the phone menu has Account above Logout for a signed-in user, and not for a visitor", async () => {
    const { default: SideMenu } = await import("~/components/layout/side-menu");
    const { container, unmount } = render(
      inRoot(<SideMenu dialogId="m" viewer={{ signedIn: true, isAdmin: false, isEditor: false, canWorkLeads: true }} />),
    );
    const account = container.querySelector('a[href="/account"]');
    expect(account?.textContent).toBe("Account");
    expect(account?.nextElementSibling?.textContent).toBe("Logout");
    unmount();
    const visitor = render(
      inRoot(<SideMenu dialogId="m" viewer={{ signedIn: false, isAdmin: false, isEditor: false, canWorkLeads: false }} />),
    );
    expect(visitor.container.querySelector('a[href="/account"]')).toBeNull();
  });
});

describe("the Admin menu shows each role what it may open (docs/requirements/accounts.md#roles)", () => {
  afterEach(cleanup);

  const adminLinks = (container: HTMLElement) =>
    [...container.querySelectorAll('a[href^="/admin/"]')].map((a) => [a.textContent, a.getAttribute("href")]);

  it("adminMenu: everything for an administrator, Blog and Content for an editor, Leads for staff, nothing without a role's flags", async () => {
    const { adminMenu, hasAdminMenu } = await import("~/config/navigation");
    expect(adminMenu({ isAdmin: false, isEditor: true }).map((l) => l.name)).toEqual(["Blog", "Content"]);
    expect(adminMenu({ isAdmin: false, isEditor: true, canWorkLeads: false }).map((l) => l.name)).toEqual(["Blog", "Content"]);
    expect(adminMenu({ isAdmin: false, isEditor: false, canWorkLeads: true }).map((l) => l.name)).toEqual(["Leads"]);
    expect(hasAdminMenu({ isAdmin: false, isEditor: false, canWorkLeads: true })).toBe(true);
    expect(hasAdminMenu({ isAdmin: false, isEditor: false, canWorkLeads: false })).toBe(false);
    expect(adminMenu({ isAdmin: true, isEditor: true })).toEqual(navigation.admin.map(({ name, href }) => ({ name, href })));
    expect(adminMenu({ isAdmin: true, isEditor: true, isSuperAdmin: true }).at(-1)).toEqual({ name: "Audit log", href: "/admin/audit" });
    // An editor is never shown the super-administrator's entry, whatever the flag says.
    expect(adminMenu({ isAdmin: false, isEditor: true, isSuperAdmin: true }).map((l) => l.name)).toEqual(["Blog", "Content"]);
    expect(adminMenu({ isAdmin: false, isEditor: false })).toEqual([]);
  });

  it("the header and the phone menu give an editor an Admin menu of Blog and Content, staff one of Leads, an account without a role's flags none", async () => {
    const { SiteHeader } = await import("~/components/layout/site-header");
    const { default: SideMenu } = await import("~/components/layout/side-menu");
    const editor = { signedIn: true, isAdmin: false, isEditor: true, canWorkLeads: false };
    const expected = [
      ["Blog", "/admin/blog"],
      ["Content", "/admin/content"],
    ];
    const header = render(inRoot(<SiteHeader viewer={editor} />));
    expect(within(header.container).getByRole("button", { name: "Admin" })).toBeInTheDocument();
    expect(adminLinks(header.container.querySelector('nav[aria-label="Main"]')!)).toEqual(expected);
    header.unmount();
    const menu = render(inRoot(<SideMenu dialogId="m" viewer={editor} />));
    expect(adminLinks(menu.container)).toEqual(expected);
    menu.unmount();
    const staff = render(inRoot(<SiteHeader viewer={{ signedIn: true, isAdmin: false, isEditor: false, canWorkLeads: true }} />));
    expect(within(staff.container).getByRole("button", { name: "Admin" })).toBeInTheDocument();
    expect(adminLinks(staff.container.querySelector('nav[aria-label="Main"]')!)).toEqual([["Leads", "/admin/leads"]]);
    staff.unmount();
    const none = render(inRoot(<SiteHeader viewer={{ signedIn: true, isAdmin: false, isEditor: false, canWorkLeads: false }} />));
    expect(within(none.container).queryByRole("button", { name: "Admin" })).toBeNull();
    expect(adminLinks(none.container)).toEqual([]);
  });
});
