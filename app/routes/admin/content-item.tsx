import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, type ShouldRevalidateFunction } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ConfirmDialog, UnsavedChangesDialog } from "~/components/admin/confirm-dialog";
import { ContentFields } from "~/components/admin/content-fields";
import { ItemNotFound } from "~/components/admin/editor-shell";
import { useUnsavedChanges } from "~/components/admin/use-unsaved-changes";
import { ActionMessage } from "~/components/feedback/action-message";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { PREVIEW_PARAM } from "~/config/private-paths";
import { formatDateTime } from "~/lib/format-date";
import { adminMeta } from "~/lib/meta";
import { fieldsOf } from "~/studio/content-types";
import { STUDIO_TIME_ZONE_LABEL } from "~/studio/item-state";

import type { Route } from "./+types/content-item";
import type { ItemAnswerExtra } from "./content-item.server";

export { action, loader } from "./content-item.server";

// A Markdown field's live preview writes nothing: the item's data is not read again after it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview-markdown" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Edit “${loaderData.item.title}”` : "Content not found");

const HISTORY_COLUMNS: AdminColumn[] = [
  { label: "Version" },
  { label: "Published" },
  { label: "By" },
  { label: "Note" },
  { label: "Actions" },
];
const COMPARE_COLUMNS: AdminColumn[] = [{ label: "Field" }, { label: "That version" }, { label: "Published now" }];

/** The revision, note and schedule a form shows: what the last answer kept, else the item's. */
function kept(actionData: Route.ComponentProps["actionData"]): (ItemAnswerExtra & { ok?: unknown; code?: string }) | undefined {
  return actionData as (ItemAnswerExtra & { ok?: unknown; code?: string }) | undefined;
}

/** The form's fields as posted, to compare (the buttons are not in it). */
const formText = (form: HTMLFormElement) => new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();

/** /admin/content/<item id> (docs/requirements/content-studio.md): edit an item, preview, publish or schedule it, and its history. */
export default function ContentItem({ loaderData: { item, values, history, compare, dynamicOptions }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = kept(actionData);
  const failed = answer && answer.ok === false;
  const revision = failed && answer.revision !== undefined ? answer.revision : item.revision;
  const shownValues = failed && answer.itemValues ? answer.itemValues : values;
  const errors = failed && answer.itemErrors ? answer.itemErrors : {};
  const previewHref = `${item.previewPath}?${PREVIEW_PARAM}=${encodeURIComponent(item.id)}`;
  const showMessage = actionData && actionData.message && answer?.code !== "form_changed";

  // Unsaved changes (as WordPress and the blog's editor): the form as it was when the item's data
  // last came from the server, against the form now. The fields are uncontrolled, so they are read.
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [valuesShown, setValuesShown] = useState(values);
  if (valuesShown !== values) {
    setValuesShown(values);
    setDirty(false);
  }
  useEffect(() => {
    if (formRef.current) saved.current = formText(formRef.current);
  }, [values]);
  const onFormChange = () => {
    if (formRef.current && saved.current !== null) setDirty(formText(formRef.current) !== saved.current);
  };
  const blocker = useUnsavedChanges(dirty && !busy);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  return (
    <>
      <p className="text-sm">
        <Link to="/admin/content" className="font-semibold text-accent underline underline-offset-4">
          Content
        </Link>{" "}
        <span aria-hidden="true">›</span> {item.typeLabel}
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">{item.title}</h1>
      <p className="mt-2 text-slate-700" data-testid="item-state">
        {item.state === "published" && (
          <>
            Published: version {item.publishedVersion}, {formatDateTime(item.publishedAt)}.
          </>
        )}
        {item.state === "draft" && <>Draft with unpublished changes. The site shows version {item.publishedVersion}.</>}
        {item.state === "scheduled" && (
          <>
            Scheduled: the draft is published on {formatDateTime(item.scheduledAt)} ({STUDIO_TIME_ZONE_LABEL}). The site shows version{" "}
            {item.publishedVersion} until then.
          </>
        )}{" "}
        Last change {formatDateTime(item.updatedAt)} by {item.updatedByName ?? "the original site"}.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={previewHref} target="_blank" rel="noopener" className="font-semibold text-accent underline underline-offset-4">
          Preview {item.state === "published" ? "the page" : "with the draft"}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={item.previewPath} target="_blank" rel="noopener" className="font-semibold text-accent underline underline-offset-4">
          Open the live page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {showMessage && <ActionMessage result={actionData} />}

      <Form method="post" className="mt-6 space-y-6" noValidate ref={formRef} onInput={onFormChange} onChange={onFormChange}>
        <input type="hidden" name="revision" value={revision} />
        <ContentFields
          fields={fieldsOf(item.type)}
          values={shownValues}
          errors={errors}
          focus={answer?.focus}
          idPrefix="item"
          defaultIntent="save"
          dynamicOptions={dynamicOptions}
        />
        <fieldset className="min-w-0 space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <legend className="px-1 font-semibold text-navy-900">Publish</legend>
          <Field id="item-note" label="What changed" hint="Kept in the history with the version you publish." optional>
            {(props) => <input {...props} name="note" maxLength={500} defaultValue={failed ? answer.note : ""} />}
          </Field>
          <Field
            id="item-publish-at"
            label={`Publish at (${STUDIO_TIME_ZONE_LABEL})`}
            hint="Only for Schedule: the date and time the draft goes live."
            error={failed ? answer.scheduleError : undefined}
            optional
          >
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                step={1}
                name="publishAt"
                defaultValue={failed && answer.publishAtLocal ? answer.publishAtLocal : item.scheduledLocal}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
              Save draft
            </Button>
            <Button type="submit" name="intent" value="publish" disabled={busy}>
              Publish now
            </Button>
            <Button type="submit" name="intent" value="schedule" variant="secondary" disabled={busy}>
              Schedule
            </Button>
          </div>
        </fieldset>
      </Form>

      {(item.state === "scheduled" || item.state === "draft") && (
        <div className="mt-4 flex flex-wrap gap-3">
          {item.state === "scheduled" && (
            <Form method="post">
              <input type="hidden" name="revision" value={item.revision} />
              <Button type="submit" name="intent" value="cancel-schedule" variant="outline" disabled={busy}>
                Cancel the schedule
              </Button>
            </Form>
          )}
          <Form
            method="post"
            onSubmit={(event) => {
              // With JavaScript, confirm in a dialog first; without it, the button discards at once.
              event.preventDefault();
              setConfirmingDiscard(true);
            }}
          >
            <input type="hidden" name="revision" value={item.revision} />
            <input type="hidden" name="intent" value="discard" />
            <Button type="submit" variant="danger-outline" disabled={busy}>
              Discard the draft
            </Button>
          </Form>
        </div>
      )}

      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard the draft?"
        onCancel={() => setConfirmingDiscard(false)}
        actions={
          <Form method="post" onSubmit={() => setConfirmingDiscard(false)}>
            <input type="hidden" name="revision" value={item.revision} />
            <Button type="submit" name="intent" value="discard" variant="danger">
              Discard the draft
            </Button>
          </Form>
        }
      >
        Its changes are lost{item.state === "scheduled" ? " and its schedule cancelled" : ""}. The site keeps showing version{" "}
        {item.publishedVersion}.
      </ConfirmDialog>

      <UnsavedChangesDialog blocker={blocker} what="item" />

      {compare && (
        <section id="compare" aria-labelledby="compare-heading" className="mt-10">
          <h2 id="compare-heading" className="text-xl font-bold">
            Version {compare.version} compared with the published version
          </h2>
          {compare.changes.length === 0 ? (
            <p className="mt-2 text-slate-700">No differences: version {compare.version} is what the site shows now.</p>
          ) : (
            <AdminTable className="mt-3" caption={`Fields that differ (${compare.changes.length})`} columns={COMPARE_COLUMNS}>
              {compare.changes.map((change) => (
                <tr key={change.path} className="border-b border-slate-100 align-top last:border-0">
                  <th scope="row" className="p-3 font-medium">
                    {change.label}
                  </th>
                  <td className="p-3 whitespace-pre-wrap">
                    <del className="decoration-red-700">{change.before || "(empty)"}</del>
                  </td>
                  <td className="p-3 whitespace-pre-wrap">
                    <ins className="no-underline">{change.after || "(empty)"}</ins>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </section>
      )}

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-xl font-bold">
          History
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Every published version ({history.total}). Restore makes a version the draft; the site keeps the published one until you publish
          it.
        </p>
        <AdminTable className="mt-3" caption="Published versions, newest first" columns={HISTORY_COLUMNS}>
          {history.versions.map((v) => (
            <tr key={v.version} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="p-3 font-medium">
                {v.version}
                {v.version === item.publishedVersion && <span className="block text-xs font-normal text-emerald-900">on the site</span>}
              </th>
              <td className="p-3 whitespace-nowrap">{formatDateTime(v.publishedAt)}</td>
              <td className="p-3">{v.publishedByName ?? "The original site"}</td>
              <td className="p-3">{v.note}</td>
              <td className="p-3">
                <div className="flex flex-wrap items-center gap-3">
                  <Link
                    to={`?compare=${v.version}${history.page > 1 ? `&page=${history.page}` : ""}#compare`}
                    className="font-semibold text-accent underline underline-offset-4"
                  >
                    Compare<span className="sr-only"> version {v.version}</span>
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="revision" value={item.revision} />
                    <input type="hidden" name="version" value={v.version} />
                    <Button type="submit" name="intent" value="restore" variant="outline" size="sm" disabled={busy}>
                      Restore<span className="sr-only"> version {v.version}</span>
                    </Button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
        {history.total > history.pageSize && (
          <nav aria-label="History pages" className="mt-3 flex gap-4 text-sm">
            {history.page > 1 && (
              <Link to={`?page=${history.page - 1}`} className="font-semibold text-accent underline underline-offset-4">
                Newer versions
              </Link>
            )}
            {history.page * history.pageSize < history.total && (
              <Link to={`?page=${history.page + 1}`} className="font-semibold text-accent underline underline-offset-4">
                Older versions
              </Link>
            )}
          </nav>
        )}
      </section>
    </>
  );
}

/** An unknown item: said inside the admin area, with the way back. */
export function ErrorBoundary() {
  return <ItemNotFound what="content" listPath="/admin/content" backLabel="Back to the content" />;
}
