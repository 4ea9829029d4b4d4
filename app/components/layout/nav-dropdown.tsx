import { Icon } from "~/components/ui/icon";
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from "react";
import { Link, useLocation } from "react-router";
import { DROPDOWN_CLOSE_DELAY_MS } from "~/config/ui";
import type { NavLink } from "~/config/navigation";

/**
 * A header dropdown (disclosure pattern). Opens on hover, on keyboard focus and on click;
 * closes 150 ms after the pointer leaves, on Escape, when focus leaves it, on an outside
 * click and on navigation (docs/requirements.md#layout).
 */
export function NavDropdown({ label, links, allLink }: { label: string; links: readonly NavLink[]; allLink?: NavLink }) {
  const { pathname } = useLocation();
  // Open "at" a path: navigating elsewhere closes it with no effect needed.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (value: boolean | ((was: boolean) => boolean)) =>
    setOpenAt((prev) => ((typeof value === "function" ? value(prev === pathname) : value) ? pathname : null));
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);
  const ignoreNextFocus = useRef(false);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = () => {
    cancelClose();
    openedByHover.current = false;
    setOpen(false);
  };

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    closeTimer.current = window.setTimeout(close, DROPDOWN_CLOSE_DELAY_MS);
  };
  const onButtonClick = () => {
    // A hover already opened it: the click confirms rather than closing under the pointer.
    if (openedByHover.current) {
      openedByHover.current = false;
      setOpen(true);
      return;
    }
    setOpen((o) => !o);
  };
  const onButtonFocus = (event: FocusEvent<HTMLButtonElement>) => {
    if (ignoreNextFocus.current) {
      ignoreNextFocus.current = false;
      return;
    }
    if (event.currentTarget.matches(":focus-visible")) setOpen(true);
  };
  const focusLink = (index: number) => {
    const items = rootRef.current?.querySelectorAll<HTMLAnchorElement>(`#${CSS.escape(panelId)} a`);
    if (!items?.length) return;
    items[(index + items.length) % items.length].focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      close();
      ignoreNextFocus.current = document.activeElement !== buttonRef.current;
      buttonRef.current?.focus();
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const items = Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>(`#${CSS.escape(panelId)} a`) ?? []);
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      if (!open) setOpen(true);
      const next = current === -1 ? (event.key === "ArrowDown" ? 0 : -1) : current + (event.key === "ArrowDown" ? 1 : -1);
      requestAnimationFrame(() => focusLink(next));
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    // The wrapper only delegates hover, Escape and focus-leave from its own button and links.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onFocus={onButtonFocus}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-[0.9375rem] font-medium text-navy-900 hover:bg-slate-100"
      >
        {label}
        <Icon
          name="chevron-down"
          className={`size-4 transition-transform duration-150 motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
        />
      </button>
      <div id={panelId} hidden={!open} className="absolute left-1/2 top-full z-50 w-[34rem] max-w-[calc(100vw-2rem)] -translate-x-1/2 pt-2">
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
