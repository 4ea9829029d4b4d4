/**
 * /admin/graphics: the graphics manager over the "graphics" bucket (docs/requirements/blog-and-documents.md#graphics). The list uses
 * the storage defaults (100 per page, offset 0, by name ascending) with search and paging
 * in the address (?q=, ?offset=); ?file= opens one file's preview and actions. Uploads with
 * JavaScript go to the storage API with a progress bar per file; every other change is a form
 * posted to this route's action, so the page works without JavaScript too.
 */
import { Form, Link, useNavigation } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteStep } from "~/components/admin/confirm-delete";
import { GraphicsDetails } from "~/components/admin/graphics-details";
import type { GraphicsOutcome } from "~/components/admin/graphics-types";
import { GraphicsUploader } from "~/components/admin/graphics-uploader";
import { ActionMessage } from "~/components/feedback/action-message";
import { Button, buttonClass } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Input } from "~/components/ui/input";
import { adminMeta } from "~/lib/meta";
import { formatBytes, GRAPHICS_BUCKET, LIST_DEFAULTS } from "~/storage/constants";
import { storagePaths } from "~/storage/names";

import type { Route } from "./+types/graphics";

const PAGE_SIZE = LIST_DEFAULTS.limit;

export { action, loader } from "./graphics.server";

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
