import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/docs-new";
import { requireAdmin } from "~/auth/session.server";
import { DocumentEditor } from "~/components/admin/document-editor";
import { parseDocumentForm } from "~/docs/document-schema";
import { createDocument } from "~/docs/documents.server";
import { failedSaveResponse, invalidResponse, previewResponse } from "~/docs/editor.server";
import type { EditorActionData } from "~/docs/editor-types";
import { site } from "~/config/site";
import { DOCUMENT_FORM_LIMIT } from "~/docs/document-rules";
import { readForm } from "~/lib/request-body.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  return null;
}

/** intent=preview renders the body; save (a draft) and publish create the document. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context.services);
  const form = await readForm(request, DOCUMENT_FORM_LIMIT);
  const intent = String(form.get("intent") ?? "");
  if (intent === "preview") return previewResponse(form);
  if (intent !== "save" && intent !== "publish") return data<EditorActionData>({ intent, ok: false, message: "Unknown action." }, { status: 400 });
  const parsed = parseDocumentForm(form);
  if (!parsed.ok) return invalidResponse(intent, parsed);
  let id: string;
  try {
    ({ id } = await createDocument(parsed.data, me.user.id, { published: intent === "publish" }, context.services.db));
  } catch (error) {
    return failedSaveResponse(intent, parsed, error);
  }
  return redirect(`/admin/docs/${id}?created=${intent === "publish" ? "published" : "draft"}`);
}

// A preview writes nothing: the page's data need not be reloaded.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => [{ title: `New document | ${site.brand} admin` }, { name: "robots", content: "noindex, nofollow" }];

export default function NewDocument({ actionData }: Route.ComponentProps) {
  return <DocumentEditor initialPreview="" actionData={actionData as EditorActionData | undefined} />;
}
