/**
 * The live preview panel of the Markdown editors (documents, blog posts): the server's sanitised
 * rendering (app/markdown/markdown.server.ts), the same the readers get, from useDocumentPreview.
 */
export function MarkdownPreview({ html, error, busy, what }: { html: string; error?: string; busy: boolean; what: "document" | "post" }) {
  return (
    <section aria-labelledby="preview_heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="preview_heading" className="text-lg font-semibold">
          Preview
        </h2>
        <p className="text-xs text-slate-600" aria-hidden="true">
          {busy ? "Updating…" : "Up to date"}
        </p>
      </div>
      {error ? (
        // The body cannot be rendered within the limit (ADR 017): why, instead of the preview.
        <p
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          role="status"
          data-testid="document-preview"
        >
          {error}
        </p>
      ) : html ? (
        <div
          className="prose-doc mt-3 max-h-[75vh] overflow-auto"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
          tabIndex={0}
          role="region"
          aria-label={`Rendered ${what}`}
          data-testid="document-preview"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className="mt-3 text-sm text-slate-600" data-testid="document-preview">
          The rendered {what} appears here as you type.
        </p>
      )}
    </section>
  );
}
