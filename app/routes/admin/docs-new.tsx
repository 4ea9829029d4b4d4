import type { ShouldRevalidateFunction } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { DocumentEditor } from "~/components/admin/document-editor";
import { parseDocumentForm } from "~/docs/document-schema";
import { createDocument } from "~/docs/documents.server";
import {
  DOCUMENT_EDITOR_FORM,
  documentIntents,
  failedSaveResponse,
  invalidResponse,
  previewResponse,
  renderForSave,
} from "~/docs/editor.server";
import { parseAdminForm } from "~/lib/admin-action.server";
import { redirectWithNotice } from "~/lib/flash-notice.server";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/docs-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return null;
}

/** intent=preview renders the body; save (a draft) and publish create the document. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  const form = await parseAdminForm(request, documentIntents.create, DOCUMENT_EDITOR_FORM);
  if (!form.ok) return form.response;
  const { intent } = form.data;
  if (intent === "preview") return previewResponse(form.form);
  const parsed = parseDocumentForm(form.form);
  if (!parsed.ok) return invalidResponse(intent, parsed);
  const html = await renderForSave(intent, parsed);
  if (!html.ok) return html.response;
  let id: string;
  try {
    ({ id } = await createDocument(context.services.db, parsed.data, me.user.id, {
      published: intent === "publish",
      rendered: html.rendered,
    }));
  } catch (error) {
    return failedSaveResponse(intent, parsed, error);
  }
  return redirectWithNotice(`/admin/docs/${id}`, intent === "publish" ? "document-created-published" : "document-created-draft");
}

// A preview writes nothing: the page's data need not be reloaded.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => adminMeta("New document");

export default function NewDocument({ actionData }: Route.ComponentProps) {
  return <DocumentEditor initialPreview="" actionData={actionData} />;
}
