import { useSyncExternalStore } from "react";

import { Icon } from "~/components/ui/icon";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  /** Visible for this long, then removed. */
  durationMs: number;
  tone?: "info" | "warning";
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast and returns its id; it goes away by itself after durationMs. */
export function toast(input: Omit<Toast, "id">): number {
  const id = nextId++;
  toasts = [...toasts, { ...input, id }];
  emit();
  setTimeout(() => dismissToast(id), input.durationMs);
  return id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The live region where toasts appear; screen readers hear each one. */
export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div
      data-slot="toaster"
      aria-live="polite"
      aria-atomic="false"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[90] flex flex-col items-end gap-3 sm:left-auto"
    >
      {items.map((t) => (
        <div
          key={t.id}
          role="status"
          className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${t.tone === "warning" ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold text-navy-900">{t.title}</p>
              {t.description && <p className="mt-1 text-sm text-slate-700">{t.description}</p>}
            </div>
            <button type="button" onClick={() => dismissToast(t.id)} className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100">
              <Icon name="x" className="size-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
