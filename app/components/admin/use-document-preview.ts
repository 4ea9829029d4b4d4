import { useEffect, useState } from "react";
import { useFetcher, useNavigation } from "react-router";

/** What a Markdown editor's action answers to intent=preview (the documents' and the blog's editors). */
export type PreviewAnswer = { intent: string; html?: string; previewError?: string } | undefined;

/** How long typing pauses before the preview is refreshed. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The live preview of the body being edited: the server renders and sanitises it (the route's
 * action, intent=preview), so no Markdown library ships to the browser. Without JavaScript the
 * Preview button posts the form and the answer comes back as the page's action data.
 */
export function useDocumentPreview(body: string, initialPreview: string, actionData: PreviewAnswer) {
  const fetcher = useFetcher<PreviewAnswer>();
  const { submit } = fetcher;
  const [previewedBody, setPreviewedBody] = useState(body);
  // No preview while a save (or any navigation) is on its way: its answer could reload the page's
  // data from before the save and show saved changes as unsaved. It follows once the page is idle.
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (body === previewedBody || !idle) return;
    const timer = setTimeout(() => {
      setPreviewedBody(body);
      void submit({ intent: "preview", body }, { method: "post" });
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body, previewedBody, submit, idle]);
  const answer = fetcher.data?.intent === "preview" ? fetcher.data : actionData?.intent === "preview" ? actionData : undefined;
  const html = (answer ? answer.html : initialPreview) ?? "";
  return { html, error: answer?.previewError, busy: fetcher.state !== "idle" || body !== previewedBody };
}
