import { Link } from "react-router";

/**
 * What a staff preview of a draft says (preview-notice.tsx): that this is the draft, that visitors
 * still see the published page, and the way back to the editor.
 */
export default function PreviewNoticeContent({ preview }: { preview: { itemId: string; title: string } }) {
  return (
    <aside
      aria-label="Preview"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6"
      data-testid="preview-notice"
    >
      <p className="mx-auto max-w-7xl">
        <strong>Preview of the draft of “{preview.title}”.</strong> Only signed-in editors and administrators see it; visitors see the
        published page until it is published.{" "}
        <Link to={`/admin/content/${preview.itemId}`} className="font-semibold underline underline-offset-2">
          Back to the editor
        </Link>
      </p>
    </aside>
  );
}
