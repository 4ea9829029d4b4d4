import { STATUS_LABELS, type LeadStatus } from "~/leads/pipeline";
import { cn } from "~/lib/cn";

/** As in the leads table (db/schema.server.ts NOTIFY_STATUSES). */
export type NotifyStatus = "held" | "pending" | "sent" | "failed" | "off";

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
    title: "E-mail notifications were off when it was handed to sales.",
  },
  held: {
    label: "Held back",
    className: "border-slate-300 bg-slate-50 text-slate-700",
    title: "Caught as spam: not e-mailed to sales unless someone marks it not spam.",
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

const STATUS_CLASSES: Record<LeadStatus, string> = {
  new: "border-navy-700 bg-navy-900 text-white",
  contacted: "border-sky-300 bg-sky-50 text-sky-900",
  qualified: "border-amber-300 bg-amber-50 text-amber-950",
  won: "border-emerald-300 bg-emerald-50 text-emerald-900",
  lost: "border-slate-300 bg-white text-slate-700",
  spam: "border-red-300 bg-red-50 text-red-900",
};

/** A lead's status (docs/requirements/leads.md#pipeline), in words: the colour only repeats them. */
export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={cn(badge, STATUS_CLASSES[status])}>{STATUS_LABELS[status]}</span>;
}
