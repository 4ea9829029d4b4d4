import { Form, Link, useNavigation } from "react-router";

import { AdminTable, TitleCell, type AdminColumn } from "~/components/admin/admin-table";
import { EmptyList } from "~/components/admin/list-page";
import { ListFilters } from "~/components/admin/list-search";
import { ActionMessage } from "~/components/feedback/action-message";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format-date";
import { adminMeta } from "~/lib/meta";
import { itemState, STUDIO_TIME_ZONE_LABEL, type ItemState } from "~/studio/item-state";

import type { Route } from "./+types/content";

export { action, loader } from "./content.server";

export const meta: Route.MetaFunction = () => adminMeta("Content");

const COLUMNS: AdminColumn[] = [{ label: "Item" }, { label: "Type" }, { label: "State" }, { label: "Last change" }];
const BADGE: Record<ItemState, { label: string; className: string }> = {
  published: { label: "Published", className: "bg-emerald-50 text-emerald-900 ring-emerald-300" },
  draft: { label: "Draft: unpublished changes", className: "bg-slate-100 text-slate-700 ring-slate-300" },
  scheduled: { label: "Scheduled", className: "bg-amber-50 text-amber-950 ring-amber-300" },
};

/** /admin/content (docs/requirements/content-studio.md): every editable item, its state, who changed it last; searched by any word of it. */
export default function AdminContent({ loaderData: { q, rows, total }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Content</h1>
        <a href="/admin/content.json" download className="text-sm font-semibold text-accent underline underline-offset-4">
          Export all content (JSON)
        </a>
      </div>
      <p className="mt-2 max-w-prose text-slate-700">
        The words and numbers of the public site: business facts (phones, e-mails, hours, offices), the home, about and questions pages,
        every service, industry and city page, and the legal pages. Saving a draft changes nothing on the site; publish it, or schedule it,
        when it is ready. Times are in {STUDIO_TIME_ZONE_LABEL}.
      </p>
      <ListFilters
        label="Search content"
        searchLabel="Search titles and text"
        q={q}
        submitLabel="Search"
        clear={q ? { to: "/admin/content", label: "Clear the search" } : undefined}
      />
      <p className="mt-4 text-sm text-slate-700" role="status">
        {total === 1 ? "1 item" : `${total} items`}
        {q ? " match this search" : ""}.
      </p>
      {rows.length === 0 ? (
        <EmptyList title="Nothing matches this search.">Try another word, or clear the search to see every item.</EmptyList>
      ) : (
        <AdminTable className="mt-3" caption="Editable content, by type" columns={COLUMNS}>
          {rows.map((item) => {
            const state = itemState(item);
            return (
              <tr key={item.id} className="border-b border-slate-100 align-top last:border-0">
                <TitleCell to={`/admin/content/${item.id}`} title={item.title} slug={item.id} />
                <td className="p-3">{item.typeLabel}</td>
                <td className="p-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${BADGE[state].className}`}>
                    {BADGE[state].label}
                  </span>
                  {state === "scheduled" && (
                    <span className="mt-1 block text-xs text-slate-700">
                      <Link to={`/admin/content/${item.id}`} className="underline underline-offset-4">
                        {formatDateTime(item.scheduledAt)}
                      </Link>
                    </span>
                  )}
                </td>
                <td className="p-3">
                  <span className="block whitespace-nowrap">{formatDateTime(item.updatedAt)}</span>
                  <span className="block text-xs text-slate-700">{item.updatedByName ?? "The original site"}</span>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <section aria-labelledby="import-heading" className="mt-10 max-w-prose">
        <h2 id="import-heading" className="text-xl font-bold">
          Import content
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A file exported from this site (or from another install of it, such as staging). The whole file is checked first: if anything in
          it is wrong, nothing is imported and every problem is listed.
        </p>
        {actionData && <ActionMessage result={actionData} />}
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="import" />
          <Field id="import-file" label="Content file (.json)">
            {(props) => <input {...props} type="file" name="file" accept="application/json,.json" required />}
          </Field>
          <div className="flex items-center gap-2">
            <input id="import-publish" type="checkbox" name="publish" value="yes" className="size-4" />
            <label htmlFor="import-publish">Publish at once (otherwise each changed item becomes a draft to review)</label>
          </div>
          <Button type="submit" disabled={busy}>
            Import
          </Button>
        </Form>
      </section>
    </>
  );
}
