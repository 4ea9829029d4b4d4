import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { useHydrated } from "~/lib/use-hydrated";
import type { FieldPreviewResult } from "~/markdown/editor-types";

import { PREVIEW_DEBOUNCE_MS } from "./use-document-preview";

/**
 * The live preview of one Markdown field of the content studio's form (docs/requirements/content-studio.md#markdown):
 * the server renders and sanitises the text as the page will show it (intent=preview-markdown), so no
 * Markdown library ships to the browser. Shown once the page has hydrated; without JavaScript the
 * item's Preview link shows the whole page with the saved draft.
 */
export function MarkdownFieldPreview({ controlId, label }: { controlId: string; label: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) return null;
  const previewId = `${controlId}-preview`;
  return (
    <div className="mt-2">
      <button
        type="button"
        className="text-sm font-semibold text-accent underline underline-offset-2"
        aria-expanded={open}
        aria-controls={previewId}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide the preview" : "Show a preview"}
      </button>
      {open && <LivePreview id={previewId} controlId={controlId} label={label} />}
    </div>
  );
}

function LivePreview({ id, controlId, label }: { id: string; controlId: string; label: string }) {
  const [text, setText] = useState<string | null>(null);
  const fetcher = useFetcher<FieldPreviewResult | { intent?: string }>();
  const { submit } = fetcher;

  // The textarea stays uncontrolled (the form posts it as typed): its text is read as it changes.
  useEffect(() => {
    const control = document.getElementById(controlId);
    if (!(control instanceof HTMLTextAreaElement)) return;
    const read = () => setText(control.value);
    read();
    control.addEventListener("input", read);
    return () => control.removeEventListener("input", read);
  }, [controlId]);

  useEffect(() => {
    if (text === null) return;
    const control = document.getElementById(controlId);
    const revision = control instanceof HTMLTextAreaElement ? control.form?.elements.namedItem("revision") : null;
    const timer = setTimeout(() => {
      void submit(
        { intent: "preview-markdown", markdown: text, revision: revision instanceof HTMLInputElement ? revision.value : "0" },
        { method: "post" },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, controlId, submit]);

  const answer = fetcher.data?.intent === "preview-markdown" ? (fetcher.data as FieldPreviewResult) : undefined;
  return (
    <div id={id} className="mt-2 rounded-md border border-slate-200 bg-white p-3">
      {answer?.previewError ? (
        <p className="text-sm text-amber-900" role="status">
          {answer.previewError}
        </p>
      ) : answer?.html ? (
        <div
          className="prose-doc max-h-96 overflow-auto"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
          tabIndex={0}
          role="region"
          aria-label={`Preview of ${label}`}
          data-testid="markdown-field-preview"
          dangerouslySetInnerHTML={{ __html: answer.html }}
        />
      ) : (
        <p className="text-sm text-slate-600">
          {fetcher.state === "idle" ? "Type to see the text as the page will show it." : "Updating…"}
        </p>
      )}
    </div>
  );
}
