import { Form, Link, useNavigation } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { EndpointFields, EndpointStateBadge, SecretPanel } from "~/components/admin/webhook-parts";
import { ActionMessage } from "~/components/feedback/action-message";
import { SubmitButton } from "~/components/forms/field";
import { formatDateTime } from "~/lib/format-date";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/webhooks";
import type { Outcome } from "./webhooks.server";

export { action, loader } from "./webhooks.server";

export const meta: Route.MetaFunction = () => adminMeta("Webhooks");

const COLUMNS: AdminColumn[] = [
  { label: "Endpoint" },
  { label: "Events" },
  { label: "State" },
  { label: "Deliveries" },
  { label: "Added" },
];

/** /admin/webhooks (docs/requirements/webhooks.md#webhooks): where lead events are sent, signed; an endpoint added. */
export default function AdminWebhooks({ loaderData: { endpoints, allowPrivate }, actionData }: Route.ComponentProps) {
  const result: Outcome | undefined = actionData;
  const failed = result?.ok === false ? result : undefined;
  const created = result?.ok === true && "secret" in result ? result : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Webhooks</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Each new lead, and each change to one, is sent to the endpoints below as a signed JSON POST (Standard Webhooks): to connect a CRM
        such as HubSpot or Pipedrive through Zapier, Make or its own workflows. A receiver that does not answer is retried for about a day.{" "}
        {allowPrivate
          ? "This server also allows intranet addresses and plain http (WEBHOOK_ALLOW_PRIVATE_NETWORKS=1)."
          : "Addresses must be https and on the public internet."}
      </p>
      {result && <ActionMessage result={result} />}
      {created && <SecretPanel secret={created.secret} url={created.endpoint.url} />}
      {created && (
        <p className="mt-2 text-sm">
          <Link to={`/admin/webhooks/${created.endpoint.id}`} className="font-medium text-navy-900 underline underline-offset-2">
            Open the endpoint&apos;s page
          </Link>{" "}
          to see its deliveries.
        </p>
      )}

      {endpoints.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700" role="status">
          No endpoints yet.
        </p>
      ) : (
        <AdminTable className="mt-6" caption="Webhook endpoints" columns={COLUMNS}>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="p-3 font-medium">
                <Link
                  to={`/admin/webhooks/${endpoint.id}`}
                  className="font-mono text-sm break-all text-navy-900 underline decoration-slate-300 underline-offset-4 hover:decoration-accent"
                >
                  {endpoint.url}
                </Link>
                {endpoint.description && <span className="mt-0.5 block text-xs font-normal text-slate-600">{endpoint.description}</span>}
              </th>
              <td className="p-3 font-mono text-xs">{endpoint.events.join(", ")}</td>
              <td className="p-3">
                <EndpointStateBadge enabled={endpoint.enabled} />
                {endpoint.disabledReason && <span className="mt-1 block text-xs text-slate-600">{endpoint.disabledReason}</span>}
              </td>
              <td className="p-3 text-xs text-slate-700">
                {endpoint.lastDeliveredAt ? (
                  <span className="block">
                    Last delivered <time dateTime={endpoint.lastDeliveredAt}>{formatDateTime(endpoint.lastDeliveredAt)}</time>
                  </span>
                ) : (
                  <span className="block">None delivered yet</span>
                )}
                {endpoint.waiting > 0 && <span className="block">{endpoint.waiting} waiting</span>}
                {endpoint.failedThisWeek > 0 && <span className="block text-red-800">{endpoint.failedThisWeek} failed this week</span>}
              </td>
              <td className="p-3 whitespace-nowrap text-slate-700">
                <time dateTime={endpoint.createdAt}>{formatDateTime(endpoint.createdAt)}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <Form
        method="post"
        // A new form (empty again) after each endpoint added.
        key={created ? created.endpoint.id : "add"}
        className="mt-6 max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
        aria-labelledby="add_heading"
      >
        <h2 id="add_heading" className="text-lg font-semibold">
          Add an endpoint
        </h2>
        <input type="hidden" name="intent" value="create" />
        <EndpointFields
          idPrefix="webhook"
          values={failed?.intent === "create" ? failed.values : undefined}
          errors={failed?.intent === "create" ? failed.fieldErrors : undefined}
          defaults={{ url: "", description: "", events: ["lead.created"] }}
        />
        <SubmitButton pending={busy} pendingLabel="Checking the address…">
          Add the endpoint
        </SubmitButton>
      </Form>
    </>
  );
}
