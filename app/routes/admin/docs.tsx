import { Link, useNavigation } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { AdminTable, TitleCell, type AdminColumn } from "~/components/admin/admin-table";
import { EmptyList, ListHeader } from "~/components/admin/list-page";
import { FilterSelect, ListFilters } from "~/components/admin/list-search";
import { COLLECTION_KEYS, DOCUMENT_COLLECTION_LABELS, LIST_LIMIT, viewerPath, type ListSort, type ListStatus } from "~/docs/document-rules";
import { listDocuments } from "~/docs/documents.server";
import { formatDateTime } from "~/lib/format-date";
import { choice, searchText } from "~/lib/list-search";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/docs";

const STATUSES: Record<ListStatus, string> = { all: "Any state", published: "Published", draft: "Drafts" };
const SORTS: Record<ListSort, string> = { updated: "Recently updated", title: "Title A–Z" };
const COLLECTIONS: Record<string, string> = { "": "All collections", ...DOCUMENT_COLLECTION_LABELS };

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
      <ListHeader title="Docs" newTo="/admin/docs/new" newLabel="New document">
        Staff documentation and the MLOE and STE collections. Published MLOE and STE documents are read by any signed-in staff member at
        /mloe/… and /ste/….
      </ListHeader>

      <ListFilters
        label="Filter documents"
        searchLabel="Search title, slug and text"
        q={filter.q}
        submitLabel={filtering ? "Filtering…" : "Apply"}
        clear={filtered ? { to: "/admin/docs", label: "Clear filters" } : undefined}
      >
        <FilterSelect label="Collection" name="collection" value={filter.collection} options={COLLECTIONS} />
        <FilterSelect label="State" name="status" value={filter.status} options={STATUSES} />
        <FilterSelect label="Sort by" name="sort" value={filter.sort} options={SORTS} />
      </ListFilters>

      <p className="mt-4 text-sm text-slate-700" role="status">
        {total === 0 ? "No documents" : total === 1 ? "1 document" : `${total} documents`}
        {filtered ? " match these filters" : " in the library"}
        {total > rows.length ? ` (showing the first ${LIST_LIMIT}: narrow the search to see the rest)` : ""}.
      </p>

      {rows.length === 0 ? (
        <EmptyList title={filtered ? "Nothing matches these filters." : "The library is empty."}>
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
        </EmptyList>
      ) : (
        <AdminTable className="mt-3" caption={`Documents, ${SORTS[filter.sort].toLowerCase()}`} columns={DOCUMENT_COLUMNS}>
          {rows.map((doc) => {
            const address = doc.published ? viewerPath(doc.collection, doc.slug) : null;
            return (
              <tr key={doc.id} className="border-b border-slate-100 align-top last:border-0">
                <TitleCell to={`/admin/docs/${doc.id}`} title={doc.title} slug={doc.slug} />
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
