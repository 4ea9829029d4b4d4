import { cn } from "~/lib/cn";

/** As in the leads table (db/schema.server.ts NOTIFY_STATUSES). */
export type NotifyStatus = "pending" | "sent" | "failed" | "off";

const NOTIFY: Record<NotifyStatus, { label: string; className: string; title: string }> = {
  sent: { label: "E-mailed", className: "border-emerald-300 bg-emerald-50 text-emerald-900", title: "Sales was e-mailed this lead." },
  pending: {
    label: "Sending",
    className: "border-amber-300 bg-amber-50 text-amber-900",
    title: "The e-mail to sales is waiting to go out (retried with backoff).",
  },
  failed: { label: "E-mail failed", className: "border-red-300 bg-red-50 text-red-900", title: "Every attempt to e-mail sales failed." },
  off: {
    label: "Not e-mailed",
    className: "border-slate-300 bg-slate-50 text-slate-700",
    title: "E-mail notifications were off when it arrived.",
  },
};

const badge = "inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold";

export function NotifyBadge({ status }: { status: NotifyStatus }) {
  const n = NOTIFY[status];
  return (
    <span className={cn(badge, n.className)} title={n.title}>
      {n.label}
    </span>
  );
}

export function HandledBadge({ handled }: { handled: boolean }) {
  return handled ? (
    <span className={cn(badge, "border-slate-300 bg-white text-slate-700")}>Handled</span>
  ) : (
    <span className={cn(badge, "border-navy-700 bg-navy-900 text-white")}>Open</span>
  );
}
