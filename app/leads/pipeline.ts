/**
 * The lead pipeline's words and rules (docs/requirements/leads.md#pipeline), shared by the lead
 * page, the list and the server: the statuses and their labels, the note's bounds, and who may do
 * what to a lead. The server applies the same rules again, inside the transaction of each change,
 * against the lead as it is then (app/leads/pipeline.server.ts).
 */

/** As in the leads table (db/schema.server.ts LEAD_STATUSES), which the browser cannot import; a unit test holds them equal. */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** The pipeline itself, in its order: spam is apart from it. */
export const PIPELINE_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const satisfies readonly LeadStatus[];
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);

/** A note's longest text, in characters; line breaks count. */
export const NOTE_MAX = 4000;

/** Who acts on a lead, as the rules need them. */
export interface LeadActor {
  id: string;
  isAdmin: boolean;
}

/** What the rules need of a lead: its status and who owns it (with the owner's name for the messages). */
export interface LeadState {
  status: LeadStatus;
  ownerId: string | null;
  ownerName?: string | null;
}

/**
 * What someone may do to a lead. `note`: add a note. `status`: move it along the pipeline (New ...
 * Lost). `spam`: mark it spam, or Not spam (back to New, e-mailed to sales then). `claim`: become
 * its owner when nobody owns it. `release`: stop being its owner. `assign`: give it to anyone, or
 * take it from anyone.
 */
export type LeadAction = "note" | "status" | "spam" | "claim" | "release" | "assign";

export type Permission = { ok: true } | { ok: false; message: string };

const ALLOWED: Permission = { ok: true };
const refused = (message: string): Permission => ({ ok: false, message });
const ownerText = (lead: LeadState) => lead.ownerName || "another staff member";

/**
 * The rules (docs/requirements/leads.md#who-may-do-what): administrators do everything. Staff see
 * every lead and add notes to any; they claim a lead nobody owns and give back their own; they
 * change the status of the leads they own; they sort spam (Spam and Not spam) on their own leads
 * and on leads nobody owns. Only an administrator assigns a lead to someone else or takes it from
 * its owner.
 */
export function permission(actor: LeadActor, lead: LeadState, action: LeadAction): Permission {
  if (actor.isAdmin || action === "note") return ALLOWED;
  const mine = lead.ownerId === actor.id;
  const nobodys = lead.ownerId === null;
  switch (action) {
    case "claim":
      return nobodys || mine ? ALLOWED : refused(`${ownerText(lead)} owns this lead. Only an administrator can reassign it.`);
    case "release":
      return mine ? ALLOWED : refused("Only its owner or an administrator can unassign this lead.");
    case "assign":
      return refused("Only an administrator can assign a lead to someone else. You can assign a lead nobody owns to yourself.");
    case "status":
      if (mine) return ALLOWED;
      return nobodys
        ? refused("Assign this lead to yourself first (Assign to me), then change its status.")
        : refused(`Only ${ownerText(lead)}, who owns this lead, or an administrator can change its status.`);
    case "spam":
      return mine || nobodys
        ? ALLOWED
        : refused(`Only ${ownerText(lead)}, who owns this lead, or an administrator can mark it spam or not spam.`);
  }
}

/**
 * The permission an owner change needs: claim (→ me: allowed to staff from nobody only), release
 * (me → nobody), or assign (anything else).
 */
export function ownerAction(actorId: string, from: string | null, to: string | null): LeadAction {
  if (to === actorId) return "claim";
  if (from === actorId && to === null) return "release";
  return "assign";
}
