/**
 * /admin/graphics: the graphics manager over the "graphics" bucket (docs/requirements/blog-and-documents.md#graphics). The list uses
 * the storage defaults (100 per page, offset 0, by name ascending) with search and paging
 * in the address (?q=, ?offset=); ?file= opens one file's preview and actions. Uploads with
 * JavaScript go to the storage API with a progress bar per file; every other change is a form
 * posted to this route's action, so the page works without JavaScript too.
 */
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";

import { requireAdmin } from "~/auth/session.server";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteStep } from "~/components/admin/confirm-delete";
import { GraphicsDetails } from "~/components/admin/graphics-details";
import type {
  GraphicsField,
  GraphicsIntent,
  GraphicsItem,
  GraphicsOutcome,
  SelectedGraphic,
  UploadResult,
} from "~/components/admin/graphics-types";
import { GraphicsUploader } from "~/components/admin/graphics-uploader";
import { ActionMessage } from "~/components/feedback/action-message";
import { Button, buttonClass } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Input } from "~/components/ui/input";
import type { ActionFailure } from "~/lib/action-result";
import { actionConfirm, actionError, actionOk, parseAdminForm } from "~/lib/admin-action.server";
import { formatDateTime } from "~/lib/format-date";
import { plainText, wholeNumber } from "~/lib/list-search";
import { adminMeta } from "~/lib/meta";
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
import { nameProblem, storagePaths, toObjectName } from "~/storage/names";
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
  const parsed = await parseAdminForm(request, actionSchema, {
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

export const meta: Route.MetaFunction = () => adminMeta("Graphics");

function pageHref(params: { q: string; offset?: number; file?: string }): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.offset) search.set("offset", String(params.offset));
  if (params.file) search.set("file", params.file);
  const text = search.toString();
  return text ? `?${text}` : "?";
}

const FILE_COLUMNS: AdminColumn[] = [
  { label: "Preview" },
  { label: "Name" },
  { label: "Type" },
  { label: "Size", className: "text-right" },
  { label: "Updated" },
];

export default function AdminGraphics({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, q, offset, selected, missing } = loaderData;
  const outcome: GraphicsOutcome | undefined = actionData;
  const navigation = useNavigation();
  const searching =
    navigation.state === "loading" && navigation.location?.pathname === "/admin/graphics" && navigation.formMethod === undefined;

  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + items.length, total);
  const here = { q, offset };
  const showOutcome = outcome && !(outcome.intent === "sign" && outcome.ok === true);

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Graphics</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Images for the site, in the “{GRAPHICS_BUCKET}” bucket. Anyone with a file’s public URL can view it; a signed URL works for anyone
        until it expires.
      </p>

      {showOutcome &&
        (outcome.ok === "confirm" ? (
          <DeleteStep question={outcome.message} fields={{ name: outcome.name }} cancelTo={pageHref({ ...here, file: outcome.name })} />
        ) : (
          <ActionMessage
            result={outcome}
            focus={outcome.intent !== "sign"}
            details={"results" in outcome ? outcome.results?.map((r) => `${r.file}: ${r.message}`) : undefined}
          />
        ))}
      {missing && !showOutcome && (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          “{missing}” does not exist (it may have been moved or deleted).
        </p>
      )}

      <GraphicsUploader />

      {selected && <GraphicsDetails key={selected.name} file={selected} closeHref={pageHref(here)} outcome={outcome} />}

      <section aria-labelledby="files-heading" className="mt-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="files-heading" className="text-lg font-semibold">
            Files
          </h2>
          <Form method="get" role="search" className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
            <label className="flex min-w-0 flex-1 flex-col text-sm font-medium text-navy-900">
              Search names
              <Input name="q" type="search" defaultValue={q} key={q} maxLength={100} className="mt-1 w-full sm:w-60" />
            </label>
            <Button type="submit" variant="secondary">
              {searching ? "Searching…" : "Search"}
            </Button>
            {q && (
              <ButtonLink to="?" prefetch="none" variant="secondary" size="md">
                Clear
              </ButtonLink>
            )}
          </Form>
        </div>
        <p className="mt-2 text-sm text-slate-700" aria-live="polite">
          {total === 0
            ? q
              ? `No files match “${q}”.`
              : "No files yet. Upload images above; they appear here, sorted by name."
            : `Showing ${first}–${last} of ${total} file${total === 1 ? "" : "s"}${q ? ` matching “${q}”` : ""}, sorted by name.`}
        </p>

        {items.length > 0 && (
          <AdminTable
            className="mt-3"
            tableClassName="min-w-[40rem]"
            caption="Files in the graphics bucket, by name"
            columns={FILE_COLUMNS}
          >
            {items.map((item) => (
              <tr key={item.name} className="border-b border-slate-100 last:border-0">
                <td className="p-2">
                  <div className="flex size-16 items-center justify-center rounded bg-slate-100">
                    <img
                      src={`${storagePaths.thumbnail(GRAPHICS_BUCKET, item.name)}?v=${item.version}`}
                      alt=""
                      width={64}
                      height={64}
                      loading="lazy"
                      decoding="async"
                      className="max-h-16 max-w-16 object-contain"
                    />
                  </div>
                </td>
                <th scope="row" className="p-3 font-medium">
                  <Link
                    to={pageHref({ ...here, file: item.name })}
                    preventScrollReset
                    className="break-all text-navy-900 underline decoration-slate-400 underline-offset-2 hover:decoration-navy-900"
                  >
                    {item.name}
                  </Link>
                </th>
                <td className="p-3">{item.typeLabel}</td>
                <td className="p-3 text-right whitespace-nowrap">{formatBytes(item.size)}</td>
                <td className="p-3 whitespace-nowrap">{item.updated}</td>
              </tr>
            ))}
          </AdminTable>
        )}

        {total > PAGE_SIZE && (
          <nav aria-label="Pages" className="mt-3 flex items-center gap-3">
            {offset > 0 ? (
              <ButtonLink
                to={pageHref({ q, offset: Math.max(0, offset - PAGE_SIZE) })}
                prefetch="none"
                variant="secondary"
                size="md"
                rel="prev"
              >
                Previous
              </ButtonLink>
            ) : (
              <span className={buttonClass("secondary", "opacity-50", "md")} aria-disabled="true">
                Previous
              </span>
            )}
            <span className="text-sm text-slate-700">
              Page {Math.floor(offset / PAGE_SIZE) + 1} of {Math.ceil(total / PAGE_SIZE)}
            </span>
            {offset + PAGE_SIZE < total ? (
              <ButtonLink to={pageHref({ q, offset: offset + PAGE_SIZE })} prefetch="none" variant="secondary" size="md" rel="next">
                Next
              </ButtonLink>
            ) : (
              <span className={buttonClass("secondary", "opacity-50", "md")} aria-disabled="true">
                Next
              </span>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
