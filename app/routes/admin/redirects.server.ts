/**
 * The server side of /admin/redirects (the route module beside it): the rules with their hits, and
 * a rule added, deleted or imported from CSV (docs/requirements/blog-and-documents.md#redirects).
 */
import { z } from "zod";

import { requireAdmin } from "~/auth/session.server";
import type { ActionConfirm, ActionFailure, ActionSuccess, FormRefusal } from "~/lib/action-result";
import { redirectWithNotice } from "~/lib/flash-notice.server";
import { actionConfirm, actionError, parseForm } from "~/lib/form.server";
import { CSV_MAX_BYTES, parseRedirectQuery, SOURCE_MAX, TARGET_MAX } from "~/redirects/redirect-rules";
import { createRedirect, deleteRedirect, getRedirect, importRedirectCsv, listRedirects } from "~/redirects/redirects.server";

import type { Route } from "./+types/redirects";

type RedirectField = "source" | "target" | "status" | "csv";
type Failure = ActionFailure<"create" | "delete" | "import", RedirectField>;
export type Outcome =
  ActionSuccess<"create" | "delete" | "import"> | Failure | (ActionConfirm<"delete"> & { id: string; source: string }) | FormRefusal;

const intents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    source: z.string().max(SOURCE_MAX + 100),
    target: z.string().max(TARGET_MAX + 100),
    status: z.string().max(5),
  }),
  z.object({ intent: z.literal("delete"), id: z.uuid("That rule is not valid."), confirm: z.literal("yes").optional() }),
  z.object({ intent: z.literal("import") }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const query = parseRedirectQuery(new URL(request.url));
  const list = await listRedirects(context.services.db, query);
  return { rules: list.rows, total: list.total, pages: list.pages, query: { ...query, page: list.page } };
}

/** intents: create (one rule), delete (confirm=yes), import (a CSV file, all or nothing). */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  const form = await parseForm(request, intents, {
    limit: CSV_MAX_BYTES + 16 * 1024,
    echo: ["source", "target", "status"],
    refused: (status) => ({
      ok: false,
      intent: "import",
      message: status === 413 ? `The file is too large: at most ${CSV_MAX_BYTES / 1024} KB.` : "That upload could not be read.",
    }),
  });
  if (!form.ok) return form.response;
  const db = context.services.db;
  const input = form.data;
  if (input.intent === "create") {
    const made = await createRedirect(db, input, me.user.id);
    if (!made.ok)
      return actionError<Failure>(400, {
        intent: "create",
        message: "The rule was not added: correct the fields marked below.",
        fieldErrors: made.errors,
        values: { source: input.source, target: input.target, status: input.status },
      });
    return redirectWithNotice("/admin/redirects", "redirect-created");
  }
  if (input.intent === "delete") {
    const rule = await getRedirect(db, input.id);
    if (input.confirm !== "yes") {
      if (!rule) return actionError<Failure>(404, { intent: "delete", message: "That rule no longer exists." });
      return actionConfirm("delete", "Confirm the deletion.", { id: rule.id, source: rule.source });
    }
    if (!(await deleteRedirect(db, input.id)))
      return actionError<Failure>(404, { intent: "delete", message: "That rule no longer exists." });
    return redirectWithNotice("/admin/redirects", "redirect-deleted");
  }
  const file = form.form.get("csv");
  if (!(file instanceof File) || file.size === 0)
    return actionError<Failure>(400, {
      intent: "import",
      message: "Choose a CSV file to import.",
      fieldErrors: { csv: "Choose a CSV file." },
    });
  if (file.size > CSV_MAX_BYTES)
    return actionError<Failure>(413, { intent: "import", message: `The file is too large: at most ${CSV_MAX_BYTES / 1024} KB.` });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return actionError<Failure>(400, { intent: "import", message: "The file is not UTF-8 text: save it as CSV (UTF-8) and try again." });
  }
  const imported = await importRedirectCsv(db, text, me.user.id);
  if (!imported.ok)
    return actionError<Failure>(400, {
      intent: "import",
      message: "Nothing was imported: correct these lines and import the file again.",
      details: imported.errors.slice(0, 50).concat(imported.errors.length > 50 ? [`…and ${imported.errors.length - 50} more.`] : []),
    });
  return redirectWithNotice("/admin/redirects", "redirects-imported");
}
