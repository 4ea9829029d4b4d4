import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ActionMessage } from "./action-message";
import { ConfirmedDeleteForm, DeleteStep } from "./confirm-delete";
import { ConfirmDialog } from "./confirm-dialog";
import { MarkdownPreview } from "./markdown-preview";
import { useDocumentPreview } from "./use-document-preview";
import { useUnsavedChanges } from "./use-unsaved-changes";
import { Field } from "~/components/forms/field";
import { useTypedBeforeHydration } from "~/components/forms/use-typed-before-hydration";
import { Button } from "~/components/ui/button";
import {
  AUTHOR_MAX,
  BLOG_TIME_ZONE_LABEL,
  COVER_ALT_MAX,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  postPath,
  SUMMARY_MAX,
  SUMMARY_MIN,
} from "~/blog/blog-rules";
import { SLUG_MAX, SLUG_PATTERN_HTML, slugify } from "~/lib/slug";
import type { CoverChoice, EditorPost, PostEditorActionData } from "~/blog/editor-types";
import type { PostFieldErrors, PostValues } from "~/blog/post-schema";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/format-date";

type Values = PostValues & { publishAt: string };
const id = (field: keyof Values) => `post_${field}`;
const normalised = (v: Values) =>
  JSON.stringify([
    v.title.trim(),
    v.slug.trim().toLowerCase(),
    v.summary.trim(),
    v.body.replace(/\r\n?/g, "\n"),
    v.coverImage,
    v.coverAlt.trim(),
    v.authorName.trim(),
    v.tags.trim(),
  ]);

const STATE_LABEL = { draft: "Draft (only administrators see it)", scheduled: "Scheduled", published: "Published" } as const;

/**
 * The blog's editor (/admin/blog/new and /admin/blog/:id): the document editor's Markdown field,
 * live preview and unsaved-changes guard, with the post's own fields and its publication (now,
 * at a date and time, or not). Without JavaScript every button is a plain form submission.
 */
export function PostEditor({
  post,
  covers,
  defaultAuthor,
  initialPreview,
  actionData,
}: {
  post?: EditorPost;
  covers: CoverChoice[];
  defaultAuthor: string;
  initialPreview: string;
  actionData?: PostEditorActionData;
}) {
  const isNew = !post;
  const saved: Values = {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    summary: post?.summary ?? "",
    body: post?.body ?? "",
    coverImage: post?.coverImage ?? "",
    coverAlt: post?.coverAlt ?? "",
    authorName: post?.authorName ?? defaultAuthor,
    tags: post?.tags ?? "",
    publishAt: post?.state === "scheduled" ? post.publishAtLocal : "",
  };
  const echoed = actionData?.intent === "preview" || actionData?.ok === false ? actionData.values : undefined;
  const errors: PostFieldErrors = (actionData?.ok === false && actionData.fieldErrors) || {};
  const [values, setValues] = useState<Values>(() => ({ ...saved, ...echoed }));
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => isNew && (values.slug === "" || values.slug === slugify(values.title)));
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, setValues);
  const dirty = normalised(values) !== normalised(saved);
  const preview = useDocumentPreview(values.body, initialPreview, actionData);
  const blocker = useUnsavedChanges(dirty);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const busy = pending !== "" && pending !== "preview";
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const set = (field: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value, ...(field === "title" && slugFollowsTitle ? { slug: slugify(value) } : {}) }));
    if (field === "slug") setSlugFollowsTitle(value === "");
  };
  const result = actionData?.intent === "preview" ? undefined : actionData;
  const cover = covers.find((c) => c.name === values.coverImage);
  const summaryLength = values.summary.trim().length;

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{isNew ? "New post" : `Edit “${post.title}”`}</h1>
        <Link to="/admin/blog" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          Back to the blog
        </Link>
      </div>
      {result && result.ok !== "confirm" && <ActionMessage result={result} />}
      {result?.ok === "confirm" && post && (
        <DeleteStep question={`Delete “${post.title}”? This cannot be undone.`} cancelTo={`/admin/blog/${post.id}`} cancelLabel="Keep it" />
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form
          method="post"
          ref={form}
          id="post_form"
          className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
          aria-label="Post"
        >
          <Field id={id("title")} label="Title" error={errors.title}>
            {(f) => (
              <input
                {...f}
                name="title"
                type="text"
                required
                maxLength={POST_TITLE_MAX}
                autoComplete="off"
                value={values.title}
                onChange={set("title")}
              />
            )}
          </Field>
          <Field
            id={id("slug")}
            label="Slug"
            error={errors.slug}
            hint={
              <>
                Lowercase letters, digits and single hyphens. Readers open it at{" "}
                <code className="break-all">{postPath(values.slug.trim() || "<slug>")}</code>.
                {isNew && " Left empty, it is made from the title."}
              </>
            }
          >
            {(f) => (
              <input
                {...f}
                name="slug"
                type="text"
                maxLength={SLUG_MAX}
                pattern={SLUG_PATTERN_HTML}
                required={!isNew}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={values.slug}
                onChange={set("slug")}
                className={cn(f.className, "font-mono")}
              />
            )}
          </Field>
          <Field
            id={id("summary")}
            label="Summary"
            error={errors.summary}
            hint={`Shown in the lists and the feed, and as the description search engines show: ${SUMMARY_MIN} to ${SUMMARY_MAX} characters (now ${summaryLength}).`}
          >
            {(f) => (
              <textarea
                {...f}
                name="summary"
                rows={3}
                required
                minLength={SUMMARY_MIN}
                maxLength={SUMMARY_MAX}
                value={values.summary}
                onChange={set("summary")}
              />
            )}
          </Field>
          <Field
            id={id("body")}
            label="Body (Markdown)"
            error={errors.body}
            hint="Headings (#), lists, links, tables, code blocks and images by URL. Scripts and unsafe links are removed when the post is shown."
          >
            {(f) => (
              <textarea
                {...f}
                name="body"
                rows={20}
                maxLength={POST_BODY_MAX}
                spellCheck
                value={values.body}
                onChange={set("body")}
                className={cn(f.className, "font-mono leading-6")}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              id={id("coverImage")}
              label="Cover image"
              optional
              error={errors.coverImage}
              hint={
                <>
                  From the graphics library;{" "}
                  <Link to="/admin/graphics" className="font-semibold text-accent underline underline-offset-4">
                    upload new images there
                  </Link>
                  .
                </>
              }
            >
              {(f) => (
                <select {...f} name="coverImage" value={values.coverImage} onChange={set("coverImage")}>
                  <option value="">No cover</option>
                  {values.coverImage && !cover && <option value={values.coverImage}>{values.coverImage} (not in the library)</option>}
                  {covers.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {cover && <img src={cover.thumb} alt="" className="max-h-32 rounded border border-slate-200 object-contain" />}
          </div>
          <Field
            id={id("coverAlt")}
            label="Cover image description"
            optional={!values.coverImage}
            error={errors.coverAlt}
            hint="What the image shows, for people who cannot see it. Required with a cover."
          >
            {(f) => (
              <input
                {...f}
                name="coverAlt"
                type="text"
                maxLength={COVER_ALT_MAX}
                required={!!values.coverImage}
                value={values.coverAlt}
                onChange={set("coverAlt")}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={id("authorName")} label="Author name" error={errors.authorName}>
              {(f) => (
                <input
                  {...f}
                  name="authorName"
                  type="text"
                  required
                  maxLength={AUTHOR_MAX}
                  value={values.authorName}
                  onChange={set("authorName")}
                />
              )}
            </Field>
            <Field id={id("tags")} label="Tags" optional error={errors.tags} hint="Separated by commas.">
              {(f) => <input {...f} name="tags" type="text" maxLength={500} value={values.tags} onChange={set("tags")} />}
            </Field>
          </div>
          <Field
            id={id("publishAt")}
            label="Publish at (for Schedule)"
            optional
            error={errors.publishAt}
            hint={`Date and time in ${BLOG_TIME_ZONE_LABEL}. A time already past publishes at once.`}
          >
            {(f) => <input {...f} name="publishAt" type="datetime-local" value={values.publishAt} onChange={set("publishAt")} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            {/* The first submit button is the form's default (Enter in a field): a save, never a publish. */}
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {pending === "save" ? "Saving…" : isNew ? "Save draft" : "Save changes"}
            </Button>
            <Button type="submit" name="intent" value="publish" disabled={busy} variant="secondary">
              {pending === "publish" ? "Publishing…" : post?.state === "published" ? "Save and publish now" : "Publish now"}
            </Button>
            <Button type="submit" name="intent" value="schedule" disabled={busy} variant="secondary">
              {pending === "schedule" ? "Scheduling…" : "Schedule"}
            </Button>
            <Button type="submit" name="intent" value="preview" disabled={busy} variant="secondary">
              Preview
            </Button>
            <p className="text-sm text-slate-600" aria-live="polite">
              {dirty ? "Unsaved changes" : isNew ? "" : "All changes saved"}
            </p>
          </div>
        </Form>
        <MarkdownPreview html={preview.html} error={preview.error} busy={preview.busy} what="post" />
      </div>

      {post && (
        <section aria-labelledby="status_heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="status_heading" className="text-lg font-semibold">
            Status
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-navy-900">State</dt>
            <dd data-testid="post-state">
              {STATE_LABEL[post.state]}
              {post.state === "scheduled" && post.publishAt && (
                <>
                  {" "}
                  for {formatDateTime(post.publishAt)} ({BLOG_TIME_ZONE_LABEL})
                </>
              )}
              {post.state === "published" && (
                <>
                  {" · "}
                  <Link to={postPath(post.slug)} className="font-semibold text-accent underline underline-offset-4">
                    Open {postPath(post.slug)}
                  </Link>
                </>
              )}
            </dd>
            {post.publishAt && post.state === "published" && (
              <>
                <dt className="font-semibold text-navy-900">Published</dt>
                <dd>{formatDateTime(post.publishAt)}</dd>
              </>
            )}
            <dt className="font-semibold text-navy-900">Created</dt>
            <dd>{formatDateTime(post.createdAt)}</dd>
            <dt className="font-semibold text-navy-900">Last updated</dt>
            <dd>{formatDateTime(post.updatedAt)}</dd>
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            {post.status === "published" && (
              <Form method="post">
                <input type="hidden" name="intent" value="unpublish" />
                <Button type="submit" disabled={busy} variant="secondary">
                  {pending === "unpublish" ? "Unpublishing…" : post.state === "scheduled" ? "Cancel the schedule" : "Unpublish"}
                </Button>
              </Form>
            )}
            <Form
              method="post"
              onSubmit={(event) => {
                // With JavaScript, confirm in a dialog; without it, the server asks on a confirmation step.
                event.preventDefault();
                setConfirmingDelete(true);
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" disabled={busy} variant="danger-outline">
                Delete…
              </Button>
            </Form>
          </div>
        </section>
      )}

      {post && (
        <ConfirmDialog
          open={confirmingDelete}
          title="Delete this post?"
          onCancel={() => setConfirmingDelete(false)}
          actions={<ConfirmedDeleteForm onSubmit={() => setConfirmingDelete(false)} />}
        >
          “{post.title}” will be removed from the blog{post.state === "published" ? ", its address and the feed" : ""}. This cannot be
          undone.
        </ConfirmDialog>
      )}
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        cancelLabel="Stay and keep editing"
        onCancel={() => blocker.reset?.()}
        actions={
          <Button type="button" variant="danger" onClick={() => blocker.proceed?.()}>
            Leave and discard changes
          </Button>
        }
      >
        This post has changes that are not saved. They will be lost if you leave.
      </ConfirmDialog>
    </>
  );
}
