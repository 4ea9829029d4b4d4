import { useState } from "react";
import { Form, useNavigation } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ConfirmedDeleteForm, DeleteStep } from "~/components/admin/confirm-delete";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ListSearch } from "~/components/admin/list-search";
import { Pager } from "~/components/admin/pager";
import { ActionMessage } from "~/components/feedback/action-message";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format-date";
import { formatCount } from "~/lib/list-of";
import { adminMeta } from "~/lib/meta";
import { CSV_MAX_BYTES, CSV_MAX_RULES, REDIRECT_PAGE_SIZE, redirectListHref, SOURCE_MAX, TARGET_MAX } from "~/redirects/redirect-rules";

import type { Route } from "./+types/redirects";
import type { Outcome } from "./redirects.server";

export { action, loader } from "./redirects.server";

export const meta: Route.MetaFunction = () => adminMeta("Redirects");

const COLUMNS: AdminColumn[] = [
  { label: "Old path" },
  { label: "New address" },
  { label: "Status" },
  { label: "Hits" },
  { label: "Last hit" },
  { label: "Actions" },
];

/** The rule's two addresses, typed the same way: as written, one line, no spelling fixes. */
const ADDRESS_FIELDS = [
  { name: "source", label: "Old path", maxLength: SOURCE_MAX, hint: "Starts with “/”, without query, for example /managed-services/." },
  {
    name: "target",
    label: "New address",
    maxLength: TARGET_MAX,
    hint: "A path of this site (/services/managed-it) or a full https:// address.",
  },
] as const;

/** /admin/redirects (docs/requirements/blog-and-documents.md#redirects): rules from old paths to new addresses, with hits; one by one or from a CSV file. */
export default function AdminRedirects({ loaderData: { rules, total, pages, query }, actionData }: Route.ComponentProps) {
  const result: Outcome | undefined = actionData;
  const errors = (result?.ok === false && result.fieldErrors) || {};
  const values = (result?.ok === false && result.intent === "create" && result.values) || {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [deleting, setDeleting] = useState<{ id: string; source: string } | null>(null);
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Redirects</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Old addresses (from a previous site, or a renamed post) sent on to their new page. A rule is used only where this site has no page,
        for visits (GET and HEAD), and keeps the visitor&apos;s query (?…). Old paths are matched ignoring case and a trailing slash.
      </p>
      {result && result.ok !== "confirm" && <ActionMessage result={result} />}
      {result?.ok === "confirm" && "id" in result && (
        <DeleteStep
          question={`Delete the rule for ${result.source}?`}
          fields={{ id: result.id }}
          cancelTo="/admin/redirects"
          cancelLabel="Keep it"
        />
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" aria-labelledby="add_heading">
          <h2 id="add_heading" className="text-lg font-semibold">
            Add a rule
          </h2>
          <input type="hidden" name="intent" value="create" />
          {ADDRESS_FIELDS.map((field) => (
            <Field key={field.name} id={`redirect_${field.name}`} label={field.label} error={errors[field.name]} hint={field.hint}>
              {(f) => (
                <input
                  {...f}
                  name={field.name}
                  type="text"
                  required
                  maxLength={field.maxLength}
                  defaultValue={values[field.name]}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
          ))}
          <Field id="redirect_status" label="Kind" error={errors.status}>
            {(f) => (
              <select {...f} name="status" defaultValue={values.status || "301"}>
                <option value="301">301: moved for good</option>
                <option value="302">302: moved for now</option>
              </select>
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            Add the rule
          </Button>
        </Form>
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
          aria-labelledby="import_heading"
        >
          <h2 id="import_heading" className="text-lg font-semibold">
            Import from a CSV file
          </h2>
          <input type="hidden" name="intent" value="import" />
          <p className="text-sm text-slate-700">
            One rule a line: <code>old path,new address</code> and optionally <code>,301</code> or <code>,302</code> (301 when left out). A
            header line <code>source,target,status</code> is allowed. At most {formatCount(CSV_MAX_RULES)} rules and {CSV_MAX_BYTES / 1024}{" "}
            KB. Every line is checked first: with any error, nothing is imported and each error is listed by line.
          </p>
          <Field id="redirect_csv" label="CSV file" error={errors.csv}>
            {(f) => <input {...f} name="csv" type="file" required accept=".csv,text/csv,text/plain" />}
          </Field>
          <Button type="submit" variant="secondary" disabled={busy}>
            Import the rules
          </Button>
        </Form>
      </div>

      <ListSearch label="Search old paths and new addresses" q={query.q} clearHref={redirectListHref({})} className="mt-6" />
      <p className="mt-4 text-sm text-slate-700" role="status">
        {total === 0
          ? query.q
            ? `No rules match “${query.q}”.`
            : "No rules yet."
          : total === 1
            ? `1 rule${query.q ? ` matching “${query.q}”` : ""}.`
            : `${formatCount(total)} rules${query.q ? ` matching “${query.q}”` : ""}, newest first${
                pages > 1
                  ? `; ${formatCount((query.page - 1) * REDIRECT_PAGE_SIZE + 1)}–${formatCount((query.page - 1) * REDIRECT_PAGE_SIZE + rules.length)} shown`
                  : ""
              }.`}
      </p>
      {rules.length > 0 && (
        <AdminTable className="mt-3" caption="Redirect rules" columns={COLUMNS}>
          {rules.map((rule) => (
            <tr key={rule.id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="p-3 font-mono text-sm font-medium break-all">
                {rule.source}
              </th>
              <td className="p-3 font-mono text-sm break-all">{rule.target}</td>
              <td className="p-3">{rule.status}</td>
              <td className="p-3 tabular-nums" data-testid="redirect-hits">
                {formatCount(rule.hits)}
              </td>
              <td className="p-3 whitespace-nowrap">{rule.lastHitAt ? formatDateTime(rule.lastHitAt) : "Never"}</td>
              <td className="p-3">
                <Form
                  method="post"
                  onSubmit={(event) => {
                    event.preventDefault();
                    setDeleting({ id: rule.id, source: rule.source });
                  }}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={rule.id} />
                  <Button type="submit" size="sm" variant="danger-outline">
                    Delete<span className="sr-only"> the rule for {rule.source}</span>
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={query.page} pages={pages} href={(page) => redirectListHref({ q: query.q, page })} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this rule?"
        onCancel={() => setDeleting(null)}
        actions={<ConfirmedDeleteForm fields={{ id: deleting?.id ?? "" }} onSubmit={() => setDeleting(null)} />}
      >
        Visitors of {deleting?.source} will get the not-found page again.
      </ConfirmDialog>
    </>
  );
}
