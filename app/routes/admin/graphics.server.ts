/**
 * The server side of /admin/graphics (the route module beside it): the list and the preview read
 * from the storage interface, and every change posted to the page checked here (docs/requirements/blog-and-documents.md#graphics).
 */
import { z } from "zod";

import { requireAdmin } from "~/auth/session.server";
import type {
  GraphicsField,
  GraphicsIntent,
  GraphicsItem,
  GraphicsOutcome,
  SelectedGraphic,
  UploadResult,
} from "~/components/admin/graphics-types";
import type { ActionFailure } from "~/lib/action-result";
import { actionConfirm, actionError, actionOk, parseForm } from "~/lib/form.server";
import { formatDateTime } from "~/lib/format-date";
import { plainText, wholeNumber } from "~/lib/list-search";
import {
  FILE_TYPES,
  formatBytes,
  GRAPHICS_BUCKET,
  LIST_DEFAULTS,
  MAX_FILE_BYTES,
  MAX_FILES_PER_FORM,
  SIGNED_URL_EXPIRY_OPTIONS,
  type ContentType,
} from "~/storage/constants";
import { StorageError } from "~/storage/errors";
import { nameProblem, toObjectName } from "~/storage/names";
import type { ObjectInfo } from "~/storage/storage.server";

import type { Route } from "./+types/graphics";

const PAGE_SIZE = LIST_DEFAULTS.limit;

/** The list's URL (?q=&offset=&file=): a search used as typed (else none), a position, the graphic shown beside it. */
function parseGraphicsQuery(params: URLSearchParams) {
  const file = params.get("file");
  return {
    q: plainText(params.get("q"), 100) ?? "",
    offset: wholeNumber(params.get("offset"), 0, 10_000_000) ?? 0,
    file: file !== null && file.length <= 1000 ? file : undefined,
  };
}

function toItem(info: ObjectInfo): GraphicsItem {
  return {
    name: info.name,
    contentType: info.contentType,
    typeLabel: FILE_TYPES[info.contentType as ContentType]?.label ?? info.contentType,
    size: info.size,
    updated: formatDateTime(info.updatedAt),
    version: info.sha256.slice(0, 12),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const url = new URL(request.url);
  const { q, offset, file } = parseGraphicsQuery(url.searchParams);
  const store = context.services.storage;
  const [page, selectedInfo] = await Promise.all([
    store.list(GRAPHICS_BUCKET, { search: q, offset, limit: PAGE_SIZE }),
    file ? store.info(GRAPHICS_BUCKET, file).catch(() => null) : null,
  ]);
  const selected: SelectedGraphic | null = selectedInfo
    ? {
        ...toItem(selectedInfo),
        created: formatDateTime(selectedInfo.createdAt),
        publicUrl: store.getPublicUrl(GRAPHICS_BUCKET, selectedInfo.name).publicUrl,
      }
    : null;
  return { items: page.items.map(toItem), total: page.total, q, offset, selected, missing: file && !selectedInfo ? file : null };
}

const expiryValues = SIGNED_URL_EXPIRY_OPTIONS.map((o) => o.seconds) as number[];
const nameField = z.string().min(1).max(1000);
const targetField = z
  .string()
  .trim()
  .min(1, "Enter the new name.")
  .superRefine((value, ctx) => {
    const problem = nameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), name: nameField, to: targetField }),
  z.object({ intent: z.literal("copy"), name: nameField, to: targetField }),
  z.object({ intent: z.literal("delete"), name: nameField, confirm: z.literal("yes").optional() }),
  z.object({
    intent: z.literal("sign"),
    name: nameField,
    expiresIn: z.coerce.number().refine((n) => expiryValues.includes(n), "Choose 1 hour, 1 day or 7 days."),
  }),
  z.object({
    intent: z.literal("upload"),
    folder: z
      .string()
      .trim()
      .transform((v) => v.replace(/^\/+|\/+$/g, ""))
      .refine((v) => v === "" || nameProblem(v) === null, "Folder names follow the same rules as file names."),
    upsert: z.literal("on").optional(),
  }),
]);

const describeMove = (from: string, to: string) => {
  const folder = (n: string) => n.slice(0, Math.max(0, n.lastIndexOf("/")));
  return folder(from) === folder(to) ? `Renamed “${from}” to “${to}”.` : `Moved “${from}” to “${to}”.`;
};

/** Every change checked here, on the server: administrators only; names, types and sizes by the storage interface. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  type Refusal = Omit<ActionFailure<GraphicsIntent, GraphicsField>, "ok"> & { results?: UploadResult[] };
  const refuse = (status: number, outcome: Refusal) => actionError<Extract<GraphicsOutcome, { ok: false }>>(status, outcome);

  // The body is read within a limit (several files for the no-JavaScript upload form).
  const parsed = await parseForm(request, actionSchema, {
    limit: MAX_FILES_PER_FORM * MAX_FILE_BYTES + 64 * 1024,
    code: "invalid_request",
    echo: ["name", "to"],
    refused: (status) =>
      status === 413
        ? {
            ok: false,
            intent: "upload",
            message: `Too much at once: upload at most ${MAX_FILES_PER_FORM} files of up to ${formatBytes(MAX_FILE_BYTES)} each.`,
          }
        : { ok: false, intent: "upload", message: "That form could not be read. Try again." },
  });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const { intent } = input;
  const store = context.services.storage;
  try {
    switch (input.intent) {
      case "upload": {
        const files = parsed.form.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
        if (files.length === 0)
          return refuse(400, { intent, fieldErrors: { files: "Choose at least one image." }, message: "Choose at least one image." });
        const results: UploadResult[] = [];
        for (const file of files) {
          try {
            const info = await store.upload(
              GRAPHICS_BUCKET,
              toObjectName(file.name, input.folder),
              new Uint8Array(await file.arrayBuffer()),
              {
                upsert: input.upsert === "on",
                ownerId: me.user.id,
              },
            );
            results.push({ file: file.name, ok: true, message: `Uploaded as ${info.name}.` });
          } catch (error) {
            if (!(error instanceof StorageError)) throw error;
            results.push({ file: file.name, ok: false, message: error.message });
          }
        }
        const done = results.filter((r) => r.ok).length;
        const message = `${done} of ${results.length} file${results.length === 1 ? "" : "s"} uploaded.`;
        return done === results.length
          ? actionOk(intent, message, { results })
          : refuse(done ? 207 : 400, { intent, message, results, fieldErrors: { files: message } });
      }
      case "move": {
        const info = await store.move(GRAPHICS_BUCKET, input.name, input.to);
        return actionOk(intent, info.name === input.name ? "The name is unchanged." : describeMove(input.name, info.name), {
          name: info.name,
        });
      }
      case "copy": {
        const info = await store.copy(GRAPHICS_BUCKET, input.name, input.to);
        return actionOk(intent, `Copied “${input.name}” to “${info.name}”.`, { name: info.name });
      }
      case "delete": {
        if (input.confirm !== "yes") {
          await store.info(GRAPHICS_BUCKET, input.name);
          return actionConfirm(intent, `Delete “${input.name}”? This cannot be undone.`, { name: input.name });
        }
        const removed = await store.remove(GRAPHICS_BUCKET, [input.name]);
        if (removed.length === 0) throw new StorageError("not_found");
        return actionOk(intent, `Deleted “${input.name}”.`);
      }
      case "sign": {
        const signed = await store.createSignedUrl(GRAPHICS_BUCKET, input.name, input.expiresIn);
        const expires = formatDateTime(signed.expiresAt);
        return actionOk(intent, `Signed URL created; it expires ${expires}.`, {
          name: input.name,
          signed: { url: signed.signedUrl, expires },
        });
      }
    }
  } catch (error) {
    if (error instanceof StorageError) {
      const values = { name: input.intent === "upload" ? "" : input.name, to: "to" in input ? input.to : "" };
      return refuse(error.status, {
        intent,
        code: error.code,
        message: error.message,
        values,
        ...(values.to ? { fieldErrors: { to: error.message } } : {}),
      });
    }
    throw error;
  }
}
