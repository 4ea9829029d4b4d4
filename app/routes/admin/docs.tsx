import { Form, Link, useNavigation } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Input, Select } from "~/components/ui/input";
import { COLLECTION_KEYS, DOCUMENT_COLLECTION_LABELS, LIST_LIMIT, viewerPath, type ListSort, type ListStatus } from "~/docs/document-rules";
import { listDocuments } from "~/docs/documents.server";
import { formatDateTime } from "~/lib/format-date";
import { choice, searchText } from "~/lib/list-search";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/docs";

const STATUSES: Record<ListStatus, string> = { all: "Any state", published: "Published", draft: "Drafts" };
const SORTS: Record<ListSort, string> = { updated: "Recently updated", title: "Title A–Z" };

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const params = new URL(request.url).searchParams;
  const filter = {
    q: searchText(params.get("q")),
    collection: choice(params.get("collection"), COLLECTION_KEYS, ""),
    status: choice(params.get("status"), Object.keys(STATUSES) as ListStatus[], "all"),
    sort: choice(params.get("sort"), Object.keys(SORTS) as ListSort[], "updated"),
  };
  const { rows, total } = await listDocuments(context.services.db, { ...filter, collection: filter.collection || undefined });
  return { rows, total, filter };
}

export const meta: Route.MetaFunction = () => adminMeta("Docs");

/** /admin/docs: the document library. Filters are a GET form, so they work without JavaScript and can be bookmarked. */
const DOCUMENT_COLUMNS: AdminColumn[] = [
  { label: "Title" },
  { label: "Collection" },
  { label: "State" },
  { label: "Updated" },
  { label: "Author" },
];

export default function AdminDocs({ loaderData: { rows, total, filter } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === "/admin/docs";
  const filtered = filter.q !== "" || filter.collection !== "" || filter.status !== "all";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Docs</h1>
        <ButtonLink to="/admin/docs/new" prefetch="none" size="md">
          New document
        </ButtonLink>
      </div>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Staff documentation and the MLOE and STE collections. Published MLOE and STE documents are read by any signed-in staff member at
        /mloe/… and /ste/….
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Filter documents"
        className="mt-5 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <label className="flex min-w-0 flex-1 basis-56 flex-col text-sm font-medium text-navy-900">
          Search title, slug and text
          <Input type="search" name="q" defaultValue={filter.q} maxLength={200} className="mt-1 block w-full" />
        </label>
        <label className="flex flex-col text-sm font-medium text-navy-900">
          Collection
          <Select name="collection" defaultValue={filter.collection} className="mt-1 block">
            <option value="">All collections</option>
            {COLLECTION_KEYS.map((key) => (
              <option key={key} value={key}>
                {DOCUMENT_COLLECTION_LABELS[key]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col text-sm font-medium text-navy-900">
          State
          <Select name="status" defaultValue={filter.status} className="mt-1 block">
            {Object.entries(STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col text-sm font-medium text-navy-900">
          Sort by
          <Select name="sort" defaultValue={filter.sort} className="mt-1 block">
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="secondary">
          {filtering ? "Filtering…" : "Apply"}
        </Button>
        {filtered && (
          <Link
            to="/admin/docs"
            className="inline-flex min-h-10 items-center text-sm font-semibold text-accent underline-offset-4 hover:underline"
          >
            Clear filters
          </Link>
        )}
      </Form>

      <p className="mt-4 text-sm text-slate-700" role="status">
        {total === 0 ? "No documents" : total === 1 ? "1 document" : `${total} documents`}
        {filtered ? " match these filters" : " in the library"}
        {total > rows.length ? ` (showing the first ${LIST_LIMIT}: narrow the search to see the rest)` : ""}.
      </p>

      {rows.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-navy-900">{filtered ? "Nothing matches these filters." : "The library is empty."}</p>
          <p className="mt-1 text-sm text-slate-700">
            {filtered ? (
              <Link to="/admin/docs" className="font-semibold text-accent underline underline-offset-4">
                Clear the filters
              </Link>
            ) : (
              <>
                <Link to="/admin/docs/new" className="font-semibold text-accent underline underline-offset-4">
                  Write the first document
                </Link>{" "}
                in Markdown; publish it when it is ready.
              </>
            )}
          </p>
        </div>
      ) : (
        <AdminTable className="mt-3" caption={`Documents, ${SORTS[filter.sort].toLowerCase()}`} columns={DOCUMENT_COLUMNS}>
          {rows.map((doc) => {
            const address = doc.published ? viewerPath(doc.collection, doc.slug) : null;
            return (
              <tr key={doc.id} className="border-b border-slate-100 align-top last:border-0">
                <th scope="row" className="p-3 font-medium">
                  <Link
                    to={`/admin/docs/${doc.id}`}
                    className="text-navy-900 underline decoration-slate-300 underline-offset-4 hover:decoration-accent"
                  >
                    {doc.title}
                  </Link>
                  <span className="mt-0.5 block font-mono text-xs font-normal break-all text-slate-600">{doc.slug}</span>
                </th>
                <td className="p-3">{DOCUMENT_COLLECTION_LABELS[doc.collection]}</td>
                <td className="p-3">
                  {doc.published ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-300">
                      Published
                    </span>
                  ) : (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">
                      Draft
                    </span>
                  )}
                  {address && (
                    <Link
                      to={address}
                      className="mt-1 flex min-h-6 items-center text-xs font-semibold text-accent underline underline-offset-4"
                    >
                      Open<span className="sr-only"> {doc.title}</span>
                    </Link>
                  )}
                </td>
                <td className="p-3 whitespace-nowrap">{formatDateTime(doc.updatedAt)}</td>
                <td className="p-3 break-all">{doc.author ?? "—"}</td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </>
  );
}
