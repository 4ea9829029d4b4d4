/** The server side of /admin/content: the list of every editable item, searched; and the import of a content file. */
import { z } from "zod";

import { recordAudit } from "~/auth/audit.server";
import { requireEditor } from "~/auth/session.server";
import { actionError, actionOk, parseForm } from "~/lib/form.server";
import { searchText } from "~/lib/list-search";
import { CONTENT_TYPES, isContentType, typeLabel } from "~/studio/content-types";
import { listItems } from "~/studio/store.server";
import { IMPORT_LIMIT_BYTES, importContent } from "~/studio/transfer.server";

import type { Route } from "./+types/content";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireEditor(context.services, request);
  const q = searchText(new URL(request.url).searchParams.get("q"));
  // In the registry's order: business facts, the pages, the families, the legal pages.
  const order = (type: string) => (isContentType(type) ? CONTENT_TYPES.indexOf(type) : CONTENT_TYPES.length);
  const rows = (await listItems(context.services.db, q)).sort((a, b) => order(a.type) - order(b.type));
  return {
    q,
    total: rows.length,
    rows: rows.map((row) => ({ ...row, typeLabel: isContentType(row.type) ? typeLabel(row.type) : row.type })),
  };
}

const importFields = z.object({ intent: z.literal("import"), publish: z.literal("yes").optional() });

/** Import: a content file exported from this site (or another install of it), checked whole, then applied as drafts or published. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireEditor(context.services, request);
  const parsed = await parseForm(request, importFields, {
    limit: IMPORT_LIMIT_BYTES + 64 * 1024,
    refused: (status) => ({
      ok: false,
      intent: "import",
      code: status === 413 ? "too_large" : "invalid",
      message: status === 413 ? "This file is too large: a content file is at most 5 MB." : "Choose a content file to import.",
    }),
  });
  if (!parsed.ok) return parsed.response;
  const file = parsed.form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return actionError(400, { intent: "import", code: "validation_failed", message: "Choose a content file (.json) to import." });
  const publish = parsed.data.publish === "yes";
  const result = await importContent(context.services.db, await file.text(), {
    by: { id: me.user.id, name: me.user.name || me.user.email },
    publish,
    content: context.services.content.published(),
  });
  if (!result.ok)
    return actionError(400, {
      intent: "import",
      code: "invalid_file",
      message: "Nothing was imported: the file has problems. Fix them (or export again) and import the whole file again.",
      details: result.problems,
    });
  await recordAudit(context.services.db, {
    event: "content-imported",
    outcome: "success",
    actor: { id: me.user.id, email: me.user.email },
    request,
    detail: `${result.changed.length} of ${result.checked} items${publish ? ", published" : ", as drafts"}`,
  });
  const what = result.changed.length === 1 ? "1 item" : `${result.changed.length} items`;
  return actionOk(
    "import",
    result.changed.length === 0
      ? `The file is valid and matches the content here: nothing to change (${result.checked} items checked).`
      : publish
        ? `Imported and published ${what}.`
        : `Imported ${what} as drafts: review and publish each one.`,
  );
}
