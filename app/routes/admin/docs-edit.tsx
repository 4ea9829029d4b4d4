import { data, isRouteErrorResponse, Link, redirect, useRouteError, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/docs-edit";
import { requireAdmin } from "~/auth/session.server";
import { DocumentEditor } from "~/components/admin/document-editor";
import { parseDocumentForm } from "~/docs/document-schema";
import { deleteDocument, getDocument, setPublished, updateDocument } from "~/docs/documents.server";
import { documentIdSchema, failedSaveResponse, invalidResponse, isSaveIntent, previewResponse } from "~/docs/editor.server";
import type { EditorActionData } from "~/docs/editor-types";
import { renderMarkdown } from "~/docs/markdown.server";
import { site } from "~/config/site";
import { DOCUMENT_FORM_LIMIT } from "~/docs/document-rules";
import { readForm } from "~/lib/request-body.server";

const notFound = () => data({ reason: "not-found" }, { status: 404 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  const id = documentIdSchema.safeParse(params.id);
  const document = id.success ? await getDocument(id.data, context.services.db) : null;
  if (!document) throw notFound();
  return { document, previewHtml: await renderMarkdown(document.body) };
}

const CREATED: Record<string, string> = { draft: "Draft saved. Publish it when it is ready.", published: "Document created and published." };

/** intents: preview, save, publish (save and publish), unpublish, delete (with confirm=yes). */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(request, context.services);
  const id = documentIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const form = await readForm(request, DOCUMENT_FORM_LIMIT);
  const intent = String(form.get("intent") ?? "");
  const gone = () => data<EditorActionData>({ intent, ok: false, message: "This document no longer exists: it may have been deleted." }, { status: 404 });

  if (intent === "preview") return previewResponse(form);
  if (intent === "unpublish") {
    if (!(await setPublished(id.data, false, context.services.db))) return gone();
    return data<EditorActionData>({ intent, ok: true, message: "Unpublished: readers can no longer open it." });
  }
  if (intent === "delete") {
    if (form.get("confirm") !== "yes") return data<EditorActionData>({ intent, ok: false, confirm: true, message: "Confirm the deletion." });
    if (!(await deleteDocument(id.data, context.services.db))) return gone();
    return redirect("/admin/docs?deleted=1");
  }
  if (!isSaveIntent(intent)) return data<EditorActionData>({ intent, ok: false, message: "Unknown action." }, { status: 400 });

  const parsed = parseDocumentForm(form);
  if (!parsed.ok) return invalidResponse(intent, parsed);
  let found: boolean;
  try {
    found = await updateDocument(id.data, parsed.data, intent === "publish" ? { published: true } : {}, context.services.db);
  } catch (error) {
    return failedSaveResponse(intent, parsed, error);
  }
  if (!found) return gone();
  return data<EditorActionData>({ intent, ok: true, message: intent === "publish" ? "Saved and published." : "Changes saved." });
}

// A preview writes nothing: the page's data need not be reloaded.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Edit “${loaderData.document.title}”` : "Document not found"} | ${site.brand} admin` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function EditDocument({ loaderData: { document, previewHtml }, actionData }: Route.ComponentProps) {
  const created = useSearchParams()[0].get("created");
  return (
    <DocumentEditor
      key={document.id}
      document={document}
      initialPreview={previewHtml}
      actionData={actionData as EditorActionData | undefined}
      notice={created ? CREATED[created] : undefined}
    />
  );
}

/** An unknown or deleted document: say so inside the admin area, with the way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section>
        <h1 className="text-2xl font-bold tracking-tight">Document not found</h1>
        <p className="mt-2 text-slate-700">There is no document at this address. It may have been deleted.</p>
        <Link to="/admin/docs" className="mt-4 inline-block font-semibold text-accent underline underline-offset-4">
          Back to the library
        </Link>
      </section>
    );
  }
  throw error;
}
