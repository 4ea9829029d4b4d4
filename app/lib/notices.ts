/**
 * The notices an admin page or the account page shows once after an action that redirects (docs/requirements/public-site.md#layout):
 * one typed map, so the notice cookie carries a key, never text (app/lib/flash-notice.server.ts).
 */
export const NOTICES = {
  "document-created-draft": "Draft saved. Publish it when it is ready.",
  "document-created-published": "Document created and published.",
  "document-deleted": "Document deleted.",
  "password-changed": "Password changed. Your other sessions were signed out.",
  "post-created-draft": "Draft saved. Publish or schedule it when it is ready.",
  "post-created-published": "Post created and published.",
  "post-created-scheduled": "Post created and scheduled.",
  "post-deleted": "Post deleted.",
  "redirect-created": "Redirect rule added.",
  "redirect-deleted": "Redirect rule deleted.",
  "redirects-imported": "Redirect rules imported.",
  "webhook-deleted": "Webhook endpoint deleted.",
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function isNoticeKey(value: string): value is NoticeKey {
  return Object.hasOwn(NOTICES, value);
}
