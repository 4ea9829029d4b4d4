import { Link } from "react-router";

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
import type { CoverChoice, EditorPost, PostEditorResult } from "~/blog/editor-types";
import type { PostValues } from "~/blog/post-schema";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format-date";

import { EditorShell, MarkdownBodyInput, SlugInput, useMarkdownEditor } from "./editor-shell";

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

const STATE_LABEL = { draft: "Draft (only administrators and editors see it)", scheduled: "Scheduled", published: "Published" } as const;

/**
 * The blog's editor (/admin/blog/new and /admin/blog/:id): the post's own fields and its
 * publication (now, at a date and time, or not) in the editor shell (editor-shell.tsx: live
 * preview, save, unsaved-changes guard, delete).
 */
export function PostEditor({
  post,
  covers,
  graphicsLink,
  defaultAuthor,
  initialPreview,
  actionData,
}: {
  post?: EditorPost;
  covers: CoverChoice[];
  /** Whether to link to the graphics manager (administrators only: an editor cannot open it). */
  graphicsLink: boolean;
  defaultAuthor: string;
  initialPreview: string;
  actionData?: PostEditorResult;
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
  const editor = useMarkdownEditor({ saved, isNew, normalised, initialPreview, actionData });
  const { values, set, errors, pending, busy } = editor;
  const cover = covers.find((c) => c.name === values.coverImage);
  const summaryLength = values.summary.trim().length;

  return (
    <EditorShell
      editor={editor}
      what="post"
      listPath="/admin/blog"
      backLabel="Back to the blog"
      item={post}
      fields={
        <>
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
            {(f) => <SlugInput control={f} required={!isNew} value={values.slug} onChange={set("slug")} />}
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
            {(f) => <MarkdownBodyInput control={f} rows={20} maxLength={POST_BODY_MAX} value={values.body} onChange={set("body")} />}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              id={id("coverImage")}
              label="Cover image"
              optional
              error={errors.coverImage}
              hint={
                graphicsLink ? (
                  <>
                    From the graphics library;{" "}
                    <Link to="/admin/graphics" className="font-semibold text-accent underline underline-offset-4">
                      upload new images there
                    </Link>
                    .
                  </>
                ) : (
                  "From the graphics library, which administrators manage: ask one to upload a new image."
                )
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
        </>
      }
      publishButtons={
        <>
          <Button type="submit" name="intent" value="publish" disabled={busy} variant="secondary">
            {pending === "publish" ? "Publishing…" : post?.state === "published" ? "Save and publish now" : "Publish now"}
          </Button>
          <Button type="submit" name="intent" value="schedule" disabled={busy} variant="secondary">
            {pending === "schedule" ? "Scheduling…" : "Schedule"}
          </Button>
        </>
      }
      status={
        post && {
          details: (
            <>
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
            </>
          ),
          unpublishLabel: post.status === "published" ? (post.state === "scheduled" ? "Cancel the schedule" : "Unpublish") : undefined,
        }
      }
      deleteMessage={
        post && (
          <>
            “{post.title}” will be removed from the blog{post.state === "published" ? ", its address and the feed" : ""}. This cannot be
            undone.
          </>
        )
      }
    />
  );
}
