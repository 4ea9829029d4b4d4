import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";
import { Link, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import type { NavLink } from "~/config/navigation";
import { DROPDOWN_CLOSE_DELAY_MS } from "~/config/ui";
import { hasPopovers } from "~/lib/popover";
import { useHydrated } from "~/lib/use-hydrated";

const triggerClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-[0.9375rem] font-medium text-navy-900 hover:bg-slate-100";

/**
 * A header dropdown: the WAI-ARIA disclosure navigation pattern (docs/requirements/public-site.md#layout,
 * ADR 003 and 022). Hover opens it and it closes 150 ms after the pointer leaves; Enter, Space or a
 * click toggles it; focus alone never opens it, so a closed dropdown's links are out of the tab
 * order; Escape closes it and returns focus to its button; focus leaving it (Tab past the last
 * link, Shift+Tab before the button), an outside click and a navigation close it.
 *
 * The panel is a popover and the button its `popovertarget`, in the page as sent: the browser
 * toggles it on a click, Enter or Space and closes it on Escape or a click outside before any
 * script has run (and without JavaScript); CSS shows it while hovered until the page is hydrated.
 * Hydration adopts what the visitor did (a panel opened or hovered open stays open), and the
 * script adds what HTML has no attribute for: hover with its delay, the arrow keys, closing when
 * focus leaves, `aria-expanded`.
 */
export function NavDropdown({ label, links, allLink }: { label: string; links: readonly NavLink[]; allLink?: NavLink }) {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  // Mirrors the popover's state (its toggle event), for aria-expanded and the chevron.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const show = () => {
    const panel = panelRef.current;
    if (!panel) return;
    if (!hasPopovers()) panel.dataset.open = "";
    else if (!panel.matches(":popover-open")) panel.showPopover();
    setOpen(true);
  };
  const close = () => {
    cancelClose();
    openedByHover.current = false;
    const panel = panelRef.current;
    if (panel && !hasPopovers()) delete panel.dataset.open;
    else if (panel?.matches(":popover-open")) panel.hidePopover();
    setOpen(false);
  };
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });

  // Hydration adopts the panel as the visitor left it: opened by the browser (a click or Enter
  // before the scripts came), or shown by the CSS hover under a still pointer, as if the hover had
  // opened it. From then on the popover's toggle event keeps the state (light dismiss included).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (hasPopovers() && panel.matches(":popover-open")) {
      placeWithoutAnchors(panel, buttonRef.current);
      setOpen(true);
    } else if (rootRef.current?.matches(":hover")) {
      openedByHover.current = true;
      show();
    }
    const onToggle = (event: Event) => {
      const nowOpen = (event as ToggleEvent).newState === "open";
      if (nowOpen) placeWithoutAnchors(panel, buttonRef.current);
      else openedByHover.current = false;
      setOpen(nowOpen);
    };
    panel.addEventListener("toggle", onToggle);
    return () => panel.removeEventListener("toggle", onToggle);
  }, []); // once, when hydration arrives

  // A navigation closes it (hydration is not one).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeRef.current();
  }, [pathname]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) return;
    // Escape dismisses it wherever focus is (also when the pointer opened it: WCAG 1.4.13);
    // focus returns to the button only when it was inside the dropdown.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focusInside = rootRef.current?.contains(document.activeElement) ?? false;
      closeRef.current();
      if (focusInside) buttonRef.current?.focus();
    };
    // Without popovers there is no light dismiss: a press outside closes it.
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener("keydown", onKeyDown);
    if (!hasPopovers()) document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    if (!open) openedByHover.current = true;
    show();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    // A keyboard user working inside the panel keeps it: closing would drop their focus.
    if (panelRef.current?.contains(document.activeElement)) return;
    closeTimer.current = window.setTimeout(close, DROPDOWN_CLOSE_DELAY_MS);
  };
  const onButtonClick = (event: MouseEvent) => {
    // A pointer click on a panel the hover already opened confirms it rather than closing it
    // under the pointer (the browser's toggle is cancelled); Enter and Space (a click with detail
    // 0) always toggle, which the browser does itself.
    if (openedByHover.current && event.detail > 0) {
      event.preventDefault();
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    if (!hasPopovers()) {
      if (open) close();
      else show();
    }
  };
  const focusLink = (index: number) => {
    const items = panelRef.current?.querySelectorAll<HTMLAnchorElement>("a");
    if (!items?.length) return;
    items[(index + items.length) % items.length].focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const items = Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      if (!open) show();
      const next = current === -1 ? (event.key === "ArrowDown" ? 0 : -1) : current + (event.key === "ArrowDown" ? 1 : -1);
      requestAnimationFrame(() => focusLink(next));
    }
  };
  const onBlur = (event: FocusEvent) => {
    const to = event.relatedTarget as Node | null;
    if (rootRef.current?.contains(to)) return;
    // A click on the panel's padding moves focus to the body: the pointer is still on it.
    if (to === null && rootRef.current?.matches(":hover")) return;
    close();
  };

  return (
    // The wrapper only delegates hover, arrow keys and focus-leave from its own button and links.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className={`nav-dropdown relative ${hydrated ? "" : "css-hover"}`}
      onPointerEnter={hydrated ? onPointerEnter : undefined}
      onPointerLeave={hydrated ? onPointerLeave : undefined}
      onKeyDown={hydrated ? onKeyDown : undefined}
      onBlur={hydrated ? onBlur : undefined}
    >
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={panelId}
        // The browser tells the state of a popover's button itself; once hydrated the attribute
        // says it too (and in a browser without popovers).
        aria-expanded={hydrated ? open : undefined}
        aria-controls={panelId}
        onClick={onButtonClick}
        className={triggerClass}
      >
        {label}
        <Icon name="chevron-down" className="size-4 transition-transform duration-150 motion-reduce:transition-none" />
      </button>
      {/* Until hydration (and without JavaScript) the panel also shows while hovered (app.css). */}
      <div ref={panelRef} id={panelId} popover="auto" className="nav-panel w-[34rem] max-w-[calc(100vw-2rem)]">
        <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-xl">
          <ul className="grid grid-cols-2 gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  prefetch="intent"
                  className="block rounded-md px-3 py-2 text-[0.9375rem] text-navy-900 hover:bg-slate-100 focus-visible:bg-slate-100"
                >
                  {link.name}
                </Link>
              </li>
            ))}
          </ul>
          {allLink && (
            <div className="mt-2 border-t border-slate-200 pt-2">
              <Link
                to={allLink.href}
                prefetch="intent"
                className="block rounded-md px-3 py-2 text-sm font-semibold text-accent hover:bg-slate-100"
              >
                {allLink.name} <span aria-hidden="true">→</span>
              </Link>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** In a browser without CSS anchor positioning, puts the open panel under its button (app.css). */
function placeWithoutAnchors(panel: HTMLElement, button: HTMLElement | null): void {
  if (!button || CSS.supports("anchor-name: --a")) return;
  const { bottom, left, width } = button.getBoundingClientRect();
  panel.style.top = `${bottom}px`;
  panel.style.left = `${left + width / 2}px`;
}
