/**
 * The server side of /admin/content/<item id> (docs/requirements/content-studio.md): the item, its
 * form values, its history and a comparison; and the save, publish, schedule, cancel, discard and
 * restore posted to it. Every write names the revision the form was made from: a write that came
 * in between is answered 409 with who made it and when, and the form keeps what was typed.
 */
import { data } from "react-router";
import { z } from "zod";

import { recordAudit, type AuditEvent } from "~/auth/audit.server";
import { requireEditor, type SignedIn } from "~/auth/session.server";
import type { BusinessFacts } from "~/config/site";
import { actionError, actionOk, parseForm } from "~/lib/form.server";
import { formatDateTime } from "~/lib/format-date";
import { dateToZonedLocal, zonedLocalToDate } from "~/lib/time-zone";
import { itemNotFound } from "~/markdown/editor-action.server";
import { renderBounded } from "~/markdown/markdown.server";
import { compareItem } from "~/studio/compare";
import { fieldsOf, itemTitle, parseItemId, previewPath, typeLabel, withItem, type ItemData, type ItemRef } from "~/studio/content-types";
import { crossItemErrors } from "~/studio/cross-item";
import { fieldLabel } from "~/studio/field-paths";
import type { Field, FormValues, StudioFieldErrors } from "~/studio/field-types";
import { formValues } from "~/studio/form-values";
import { ITEM_FORM_LIMIT, parseItemForm } from "~/studio/item-form";
import { itemState, STUDIO_TIME_ZONE, STUDIO_TIME_ZONE_LABEL } from "~/studio/item-state";
import {
  cancelSchedule,
  countVersions,
  discardDraft,
  getItem,
  getVersion,
  listVersions,
  publishItem,
  restoreVersion,
  saveDraft,
  scheduleItem,
  VersionNotFound,
  type WriteResult,
} from "~/studio/store.server";
import { MARKDOWN_MAX } from "~/studio/text-rules";

import type { Route } from "./+types/content-item";

/** Versions listed per page of the history. */
export const HISTORY_PAGE = 100;
/** A schedule must be at least this far ahead (a time "now" would be in the past by the time it is saved). */
const SCHEDULE_MIN_AHEAD_MS = 5_000;

function refOf(param: string | undefined): ItemRef {
  const ref = param ? parseItemId(param) : null;
  if (!ref) throw itemNotFound();
  return ref;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 1e9 ? n : null;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireEditor(context.services, request);
  const ref = refOf(params["*"]);
  const db = context.services.db;
  const row = await getItem(db, ref.id);
  if (!row) throw itemNotFound();
  const url = new URL(request.url);
  const page = positive(url.searchParams.get("page")) ?? 1;
  const [versions, total] = await Promise.all([
    listVersions(db, ref.id, HISTORY_PAGE, (page - 1) * HISTORY_PAGE),
    countVersions(db, ref.id),
  ]);
  const current = (row.draft ?? row.published) as ItemData;
  const compareWith = positive(url.searchParams.get("compare"));
  let compare: { version: number; changes: ReturnType<typeof compareItem> } | null = null;
  if (compareWith) {
    const version = await getVersion(db, ref.id, compareWith);
    if (version) compare = { version: compareWith, changes: compareItem(ref.type, version.data as ItemData, row.published as ItemData) };
  }
  return {
    item: {
      id: ref.id,
      type: ref.type,
      typeLabel: typeLabel(ref.type),
      title: row.title,
      previewPath: previewPath(ref.id),
      state: itemState({ hasDraft: row.draft !== null, scheduledAt: row.scheduledAt }),
      revision: row.revision,
      publishedVersion: row.publishedVersion,
      publishedAt: row.publishedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedByName: row.updatedByName,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      scheduledLocal: row.scheduledAt ? dateToZonedLocal(row.scheduledAt, STUDIO_TIME_ZONE) : "",
    },
    values: formValues(ref.type, current),
    history: {
      page,
      total,
      pageSize: HISTORY_PAGE,
      versions: versions.map((v) => ({ ...v, publishedAt: v.publishedAt.toISOString() })),
    },
    compare,
    dynamicOptions: officeOptions(context.services.content.published().facts),
  };
}

const officeOptions = (facts: BusinessFacts) => ({ offices: facts.offices.map((o) => ({ value: o.id, label: `${o.city}, ${o.state}` })) });

const INTENTS = ["save", "publish", "schedule", "cancel-schedule", "discard", "restore"] as const;
type Intent = (typeof INTENTS)[number];

const fields = z.object({
  intent: z.string().max(200).optional(),
  revision: z.coerce.number({ error: "This form is incomplete: open the item again." }).int().min(0).max(1e9),
  note: z.string().max(500, "Keep the note under 500 characters.").optional(),
  publishAt: z.string().max(40).optional(),
  version: z.coerce.number().int().min(1).max(1e9).optional(),
  /** intent=preview-markdown: the text of a Markdown field, rendered for its live preview. */
  markdown: z
    .string()
    .max(MARKDOWN_MAX * 2, "This text is too long to preview.")
    .optional(),
});

/** An action's answer for the item's form: the usual ActionResult, plus what was typed (nested) and the revision to save against next. */
export type ItemAnswerExtra = {
  itemValues?: FormValues;
  itemErrors?: StudioFieldErrors;
  focus?: string;
  revision?: number;
  scheduleError?: string;
  note?: string;
  publishAtLocal?: string;
};

/**
 * The Markdown fields whose text the renderer cannot show within its limit (ADR 017), by path: a
 * text that cannot be rendered is not saved, as in the documents' and the blog's editors.
 */
async function markdownProblems(fields: readonly Field[], value: unknown, prefix = ""): Promise<StudioFieldErrors> {
  const problems: StudioFieldErrors = {};
  if (typeof value !== "object" || value === null) return problems;
  const record = value as Record<string, unknown>;
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    const at = record[field.name];
    if (field.kind === "markdown" && typeof at === "string") {
      const rendered = await renderBounded(at);
      if (!rendered.ok) problems[path] = rendered.message;
    } else if (field.kind === "group") Object.assign(problems, await markdownProblems(field.fields, at, path));
    else if (field.kind === "list" && Array.isArray(at))
      for (const [index, row] of at.entries()) Object.assign(problems, await markdownProblems(field.fields, row, `${path}.${index}`));
  }
  return problems;
}

const author = (me: SignedIn) => ({ id: me.user.id, name: me.user.name || me.user.email });

function conflictMessage(result: Extract<WriteResult, { ok: false; missing?: false }>["conflict"]) {
  return (
    `${result.byName ?? "Someone"} changed this item at ${formatDateTime(result.at)} (${STUDIO_TIME_ZONE_LABEL}), after you opened it. ` +
    "Your changes below are not saved. Compare them with the current version (open the item in a new tab), then save again to replace it."
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireEditor(context.services, request);
  const ref = refOf(params["*"]);
  const db = context.services.db;
  const parsed = await parseForm(request, fields, {
    limit: ITEM_FORM_LIMIT,
    drainUpTo: ITEM_FORM_LIMIT * 2,
    refused: (status) => ({
      ok: false,
      intent: "save",
      code: status === 413 ? "too_large" : "invalid",
      message:
        status === 413
          ? "Nothing was saved: this form is over 2 MB, far more than any page holds. Reload the item and paste less."
          : "Nothing was saved: the form did not arrive as expected. Reload the item and try again.",
    }),
  });
  if (!parsed.ok) return parsed.response;
  const intentText = parsed.data.intent ?? "save";
  const { revision, note, publishAt, version } = parsed.data;
  const kept = { note: note ?? "", publishAtLocal: publishAt ?? "" };
  const by = author(me);
  const audit = (event: AuditEvent, detail: string) =>
    recordAudit(db, { event, outcome: "success", actor: { id: me.user.id, email: me.user.email }, request, detail });

  const answer = async (intent: Intent, result: WriteResult, ok: string, extra: ItemAnswerExtra = {}, event?: [AuditEvent, string]) => {
    if (result.ok) {
      if (event) await audit(event[0], event[1].replace("{version}", String(result.version ?? "")));
      return actionOk(intent, ok, { revision: result.revision });
    }
    if (result.missing) throw itemNotFound();
    return actionError(409, {
      intent,
      code: "conflict",
      message: conflictMessage(result.conflict),
      ...extra,
      ...kept,
      revision: result.conflict.revision,
    } satisfies ItemAnswerExtra & { intent: string; code: string; message: string });
  };

  // A Markdown field's live preview (app/components/admin/markdown-field-preview.tsx): rendered and
  // sanitised as the page will show it (ADR 017), nothing written.
  if (intentText === "preview-markdown") {
    const rendered = await renderBounded(parsed.data.markdown ?? "");
    return actionOk(
      "preview-markdown",
      "Preview updated.",
      rendered.ok ? { html: rendered.html } : { html: "", previewError: rendered.message },
    );
  }

  // Writes without the item's form: cancel a schedule, discard the draft, restore a version.
  if (intentText === "cancel-schedule") {
    const result = await cancelSchedule(db, ref.id, { revision, by });
    return answer("cancel-schedule", result, "Schedule cancelled: the changes stay a draft until you publish them.", {}, [
      "content-schedule-cancelled",
      ref.id,
    ]);
  }
  if (intentText === "discard") {
    const row = await getItem(db, ref.id);
    if (!row) throw itemNotFound();
    const result = await discardDraft(db, ref.id, { revision, by, title: itemTitle(ref.id, row.published as ItemData) });
    return answer("discard", result, "Draft discarded: the form shows the published version again.", {}, [
      "content-draft-discarded",
      ref.id,
    ]);
  }
  if (intentText === "restore") {
    if (!version) return actionError(400, { intent: "restore", code: "validation_failed", message: "Choose a version to restore." });
    try {
      const result = await restoreVersion(db, ref.id, { revision, version, by, title: (d) => itemTitle(ref.id, d as ItemData) });
      return answer(
        "restore",
        result,
        `Version ${version} is now the draft. The published version stays on the site until you publish this draft.`,
        {},
        ["content-restored", `${ref.id} version ${version}`],
      );
    } catch (error) {
      if (error instanceof VersionNotFound)
        return actionError(404, { intent: "restore", code: "not_found", message: `There is no version ${version} of this item.` });
      throw error;
    }
  }

  // The item's form: a list button changes the form only; otherwise the data is checked first.
  const form = parseItemForm(ref.type, parsed.form, { slug: ref.slug });
  if (!form.ok && form.intent) {
    return data({
      ok: false as const,
      intent: intentText,
      code: "form_changed",
      message: "",
      itemValues: form.values,
      itemErrors: form.fieldErrors,
      focus: form.focus,
      revision,
      ...kept,
    });
  }
  if (!INTENTS.includes(intentText as Intent))
    return actionError(400, { intent: intentText, code: "unknown_intent", message: "Unknown action." });
  const intent = intentText as "save" | "publish" | "schedule";
  let at: Date | null = null;
  let scheduleError: string | undefined;
  if (intent === "schedule") {
    at = publishAt ? zonedLocalToDate(publishAt, STUDIO_TIME_ZONE) : null;
    if (!at) scheduleError = `Enter the date and time to publish at (${STUDIO_TIME_ZONE_LABEL}).`;
    else if (at.getTime() < Date.now() + SCHEDULE_MIN_AHEAD_MS) scheduleError = "Choose a time in the future: this one has passed.";
  }
  // Rules across items, with this item in place in the published content (app/studio/cross-item.ts).
  const across = form.ok
    ? {
        ...crossItemErrors(ref.id, withItem(context.services.content.published(), ref.id, form.data)),
        ...(await markdownProblems(fieldsOf(ref.type), form.data)),
      }
    : {};
  if (!form.ok || scheduleError || Object.keys(across).length > 0) {
    const fieldErrors = form.ok ? across : form.fieldErrors;
    const count = Object.keys(fieldErrors).length;
    return actionError(400, {
      intent,
      code: "validation_failed",
      message:
        count > 0
          ? `Nothing was saved: ${count === 1 ? "one field needs" : `${count} fields need`} attention. Each message is beside its field.`
          : (scheduleError ?? "Nothing was saved."),
      // Each problem named above the form too, by its field's label: the form can be long.
      details: Object.entries(fieldErrors).map(([path, message]) => `${fieldLabel(fieldsOf(ref.type), path)}: ${message}`),
      itemValues: form.values,
      itemErrors: fieldErrors,
      scheduleError,
      revision,
      ...kept,
    } satisfies ItemAnswerExtra & { intent: string; code: string; message: string; details: string[] });
  }
  const title = itemTitle(ref.id, form.data);
  const failed = { itemValues: form.values, itemErrors: {} };
  if (intent === "save") {
    const result = await saveDraft(db, ref.id, { revision, data: form.data, title, by });
    return answer("save", result, "Draft saved. The public site has not changed: preview it, then publish when it is ready.", failed);
  }
  if (intent === "publish") {
    const result = await publishItem(db, ref.id, { revision, data: form.data, title, by, note });
    return answer("publish", result, "Published: the site shows it now on every page.", failed, [
      "content-published",
      `${ref.id} version {version}`,
    ]);
  }
  const result = await scheduleItem(db, ref.id, { revision, data: form.data, title, by, at: at! });
  return answer("schedule", result, `Scheduled: it will be published on ${formatDateTime(at)} (${STUDIO_TIME_ZONE_LABEL}).`, failed, [
    "content-scheduled",
    `${ref.id} at ${at!.toISOString()}`,
  ]);
}
