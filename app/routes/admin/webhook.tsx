import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ConfirmedDeleteForm, DeleteStep } from "~/components/admin/confirm-delete";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Pager } from "~/components/admin/pager";
import { DeliveryBadge, EndpointFields, EndpointStateBadge, SecretPanel } from "~/components/admin/webhook-parts";
import { ActionMessage } from "~/components/feedback/action-message";
import { SubmitButton } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format-date";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/webhook";
import type { Outcome } from "./webhook.server";

export { action, loader } from "./webhook.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.endpoint ? `Webhook ${loaderData.endpoint.url}` : "Webhook endpoint not found");

const COLUMNS: AdminColumn[] = [
  { label: "Event" },
  { label: "Status" },
  { label: "Attempts" },
  { label: "Answer" },
  { label: "Last attempt" },
  { label: "Next attempt" },
  { label: "Actions" },
];

function Time({ iso, none = "" }: { iso: string | null; none?: string }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>{none}</>;
}

/** /admin/webhooks/:id (docs/requirements/webhooks.md#webhooks): one endpoint, its settings, secret and recent deliveries. */
export default function AdminWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const result: Outcome | undefined = actionData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [deleting, setDeleting] = useState(false);
  const back = (
    <Link to="/admin/webhooks" className="text-sm font-medium text-navy-900 underline underline-offset-2">
      ← All webhooks
    </Link>
  );
  if (!loaderData.endpoint) {
    return (
      <>
        {back}
        <h1 className="mt-3 text-2xl font-bold tracking-tight">Webhook endpoint not found</h1>
        <p className="mt-2 text-slate-700">There is no endpoint at this address. It may have been deleted; open one from the list.</p>
      </>
    );
  }
  const { endpoint, deliveries } = loaderData as Exclude<typeof loaderData, { endpoint: null }>;
  const failed = result?.ok === false && result.intent === "save" ? result : undefined;
  const secret = result?.ok === true && "secret" in result && result.secret ? result.secret : undefined;
  return (
    <>
      {back}
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-mono text-xl font-bold tracking-tight break-all">{endpoint.url}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <EndpointStateBadge enabled={endpoint.enabled} />
            {endpoint.description && <span>{endpoint.description}</span>}
            <span>
              Added <Time iso={endpoint.createdAt} />
            </span>
          </p>
          {!endpoint.enabled && endpoint.disabledReason && (
            <p className="mt-1 text-sm text-slate-700">
              {endpoint.disabledReason}
              {endpoint.disabledAt && (
                <>
                  {" "}
                  (<Time iso={endpoint.disabledAt} />)
                </>
              )}
              .
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={endpoint.enabled ? "disable" : "enable"} />
            <Button type="submit" variant="secondary" disabled={Boolean(sending)}>
              {endpoint.enabled ? "Disable" : "Enable"}
            </Button>
          </Form>
          <Form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              setDeleting(true);
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" variant="danger-outline">
              Delete
            </Button>
          </Form>
        </div>
      </div>

      {result && result.ok !== "confirm" && <ActionMessage result={result} />}
      {result?.ok === "confirm" && (
        <DeleteStep
          question={`Delete the endpoint ${endpoint.url} and its deliveries?`}
          cancelTo={`/admin/webhooks/${endpoint.id}`}
          cancelLabel="Keep it"
        />
      )}
      {secret && <SecretPanel secret={secret} url={endpoint.url} rotated />}

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" aria-labelledby="settings_heading">
          <h2 id="settings_heading" className="text-lg font-semibold">
            Settings
          </h2>
          <input type="hidden" name="intent" value="save" />
          <EndpointFields
            idPrefix="endpoint"
            values={failed?.values}
            errors={failed?.fieldErrors}
            defaults={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
          />
          <SubmitButton pending={sending === "save"} pendingLabel="Checking the address…">
            Save changes
          </SubmitButton>
        </Form>

        <section aria-labelledby="secret_heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="secret_heading" className="text-lg font-semibold">
            Signing secret
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            Each webhook carries <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers: the
            HMAC-SHA256 of the id, the timestamp and the body with this endpoint&apos;s secret, as Standard Webhooks says. The secret was
            shown once, when it was made.{" "}
            {endpoint.secretRotatedAt ? (
              <>
                Last rotated <Time iso={endpoint.secretRotatedAt} />.
              </>
            ) : null}
          </p>
          {endpoint.previousSecretValidUntil && (
            <p className="mt-2 text-sm text-slate-700">
              The previous secret is still signed with until <Time iso={endpoint.previousSecretValidUntil} />: each webhook carries a
              signature by each.
            </p>
          )}
          <p className="mt-2 text-sm text-slate-700">
            Rotating makes a new secret, shown once; the current one stays valid for 24 hours, so the receiver can be changed meanwhile.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="rotate" />
            <Button type="submit" variant="secondary" disabled={Boolean(sending)}>
              Rotate the secret
            </Button>
          </Form>
        </section>
      </div>

      <h2 className="mt-8 text-lg font-semibold">Deliveries</h2>
      <p className="mt-1 text-sm text-slate-700" role="status">
        {deliveries.total === 0
          ? "Nothing sent to this endpoint yet."
          : `${deliveries.total} ${deliveries.total === 1 ? "event" : "events"}, newest first. Retried for about a day when the receiver does not answer 2xx.`}
      </p>
      {deliveries.rows.length > 0 && (
        <AdminTable className="mt-3" caption="Deliveries to this endpoint" columns={COLUMNS}>
          {deliveries.rows.map((d) => (
            <tr key={d.id} className="border-b border-slate-100 align-top last:border-0" data-testid="delivery">
              <th scope="row" className="p-3 font-medium">
                <code className="text-sm">{d.eventType}</code>
                {d.subjectId && d.eventType.startsWith("lead.") && (
                  <Link
                    to={`/admin/leads/${d.subjectId}`}
                    className="ml-2 text-xs font-normal text-navy-900 underline underline-offset-2"
                    aria-label={`The lead of ${d.messageId}`}
                  >
                    lead
                  </Link>
                )}
                <span className="mt-0.5 block font-mono text-xs font-normal break-all text-slate-600">{d.messageId}</span>
                <span className="block text-xs font-normal text-slate-600">
                  Queued <Time iso={d.createdAt} />
                </span>
              </th>
              <td className="p-3">
                <DeliveryBadge state={d.state} />
              </td>
              <td className="p-3 tabular-nums">{d.attempts}</td>
              <td className="max-w-xs p-3 text-xs break-words">
                {d.lastStatusCode !== null && <span className="block font-mono font-semibold">{d.lastStatusCode}</span>}
                {d.lastError && d.state !== "delivered" && <span className="block text-slate-700">{d.lastError}</span>}
                {d.lastResponse && <span className="block truncate text-slate-600">{d.lastResponse}</span>}
              </td>
              <td className="p-3 text-xs whitespace-nowrap text-slate-700">
                <Time iso={d.lastAttemptAt} none="Not yet" />
              </td>
              <td className="p-3 text-xs whitespace-nowrap text-slate-700">
                <Time iso={d.nextAttemptAt} none="None" />
              </td>
              <td className="p-3">
                {d.state !== "sending" && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="message" value={d.id} />
                    <Button type="submit" size="sm" variant="secondary" disabled={Boolean(sending) || !endpoint.enabled}>
                      Send again<span className="sr-only"> {d.messageId}</span>
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager
        page={deliveries.page}
        pages={deliveries.pages}
        href={(page) => `/admin/webhooks/${endpoint.id}?${new URLSearchParams({ page: String(page) })}`}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete this endpoint?"
        onCancel={() => setDeleting(false)}
        actions={<ConfirmedDeleteForm onSubmit={() => setDeleting(false)} />}
      >
        No more events are sent to {endpoint.url}, and its deliveries are deleted with it.
      </ConfirmDialog>
    </>
  );
}
