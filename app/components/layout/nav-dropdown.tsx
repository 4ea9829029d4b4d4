import { Icon } from "~/components/ui/icon";
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
import { useHydrated } from "~/lib/use-hydrated";
import { DROPDOWN_CLOSE_DELAY_MS } from "~/config/ui";
import type { NavLink } from "~/config/navigation";

const triggerClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-[0.9375rem] font-medium text-navy-900 hover:bg-slate-100";

/**
 * A header dropdown: the WAI-ARIA disclosure navigation pattern (docs/requirements.md#layout,
 * ADR 003). Hover opens it and it closes 150 ms after the pointer leaves; Enter, Space or a click
 * toggles it; focus alone never opens it, so a closed dropdown's links are out of the tab order;
 * Escape closes it and returns focus to its button; focus leaving it (Tab past the last link,
 * Shift+Tab before the button), an outside click and a navigation close it.
 *
 * Before hydration, and without JavaScript, the trigger is a link to the section's index page
 * (`fallbackHref`) and the panel opens on hover from CSS alone.
 */
export function NavDropdown({
  label,
  links,
  allLink,
  fallbackHref = allLink?.href ?? links[0].href,
}: {
  label: string;
  links: readonly NavLink[];
  allLink?: NavLink;
  fallbackHref?: string;
}) {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  // Open "at" a path: navigating elsewhere closes it with no effect needed.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = hydrated && openAt === pathname;
  const setOpen = (value: boolean | ((was: boolean) => boolean)) =>
    setOpenAt((prev) => ((typeof value === "function" ? value(prev === pathname) : value) ? pathname : null));
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fallbackRef = useRef<HTMLAnchorElement>(null);
  const focusAfterHydration = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = () => {
    cancelClose();
    openedByHover.current = false;
    setOpenAt(null);
  };
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });

  // The fallback link becomes the button once hydrated: a keyboard user on it stays on it, and a
  // panel the pointer holds open (the CSS hover) stays open, as if the hover had opened it.
  useLayoutEffect(() => {
    if (!hydrated) {
      focusAfterHydration.current = document.activeElement === fallbackRef.current;
      return;
    }
    if (focusAfterHydration.current) {
      focusAfterHydration.current = false;
      buttonRef.current?.focus();
    }
    if (rootRef.current?.matches(":hover")) {
      openedByHover.current = true;
      setOpenAt(pathname);
    }
  }, [hydrated]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when hydration arrives

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeRef.current();
    };
    // Escape dismisses it wherever focus is (also when the pointer opened it: WCAG 1.4.13);
    // focus returns to the button only when it was inside the dropdown.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focusInside = rootRef.current?.contains(document.activeElement) ?? false;
      closeRef.current();
      if (focusInside) buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const panel = () => document.getElementById(panelId);
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    // A keyboard user working inside the panel keeps it: closing would drop their focus.
    if (panel()?.contains(document.activeElement)) return;
    closeTimer.current = window.setTimeout(close, DROPDOWN_CLOSE_DELAY_MS);
  };
  const onButtonClick = (event: MouseEvent) => {
    // A pointer click on a panel the hover already opened confirms it rather than closing it
    // under the pointer; Enter and Space (a click with detail 0) always toggle.
    if (openedByHover.current && event.detail > 0) {
      openedByHover.current = false;
      setOpen(true);
      return;
    }
    openedByHover.current = false;
    setOpen((o) => !o);
  };
  const focusLink = (index: number) => {
    const items = panel()?.querySelectorAll<HTMLAnchorElement>("a");
    if (!items?.length) return;
    items[(index + items.length) % items.length].focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const items = Array.from(panel()?.querySelectorAll<HTMLAnchorElement>("a") ?? []);
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      if (!open) setOpen(true);
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
      className="group/dropdown relative"
      onPointerEnter={hydrated ? onPointerEnter : undefined}
      onPointerLeave={hydrated ? onPointerLeave : undefined}
      onKeyDown={hydrated ? onKeyDown : undefined}
      onBlur={hydrated ? onBlur : undefined}
    >
      {hydrated ? (
        <button ref={buttonRef} type="button" aria-expanded={open} aria-controls={panelId} onClick={onButtonClick} className={triggerClass}>
          {label}
          <Icon
            name="chevron-down"
            className={`size-4 transition-transform duration-150 motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
          />
        </button>
      ) : (
        <a ref={fallbackRef} href={fallbackHref} className={triggerClass}>
          {label}
          <Icon
            name="chevron-down"
            className="size-4 transition-transform duration-150 group-hover/dropdown:rotate-180 motion-reduce:transition-none"
          />
        </a>
      )}
      {/* Without JavaScript the panel shows while hovered (CSS only; never on focus). */}
      <div
        id={panelId}
        hidden={hydrated ? !open : undefined}
        className={`absolute left-1/2 top-full z-50 w-[34rem] max-w-[calc(100vw-2rem)] -translate-x-1/2 pt-2 ${hydrated ? "" : "hidden group-hover/dropdown:block"}`}
      >
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
