import { ErrorText, Field } from "~/components/forms/field";
import { cn } from "~/lib/cn";
import {
  DELIVERY_STATE_LABELS,
  eventField,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type DeliveryState,
} from "~/webhooks/events";

const badge = "inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold";

const DELIVERY_TONES: Record<DeliveryState, string> = {
  delivered: "border-emerald-300 bg-emerald-50 text-emerald-900",
  sending: "border-sky-300 bg-sky-50 text-sky-900",
  waiting: "border-slate-300 bg-slate-50 text-slate-700",
  retrying: "border-amber-300 bg-amber-50 text-amber-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

export function DeliveryBadge({ state }: { state: DeliveryState }) {
  return <span className={cn(badge, DELIVERY_TONES[state])}>{DELIVERY_STATE_LABELS[state]}</span>;
}

export function EndpointStateBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <span className={cn(badge, "border-emerald-300 bg-emerald-50 text-emerald-900")}>Enabled</span>
  ) : (
    <span className={cn(badge, "border-slate-300 bg-slate-100 text-slate-700")}>Disabled</span>
  );
}

/**
 * A signing secret shown once (after adding an endpoint, after a rotation): selectable text in a
 * read-only field, and what to do with it.
 */
export function SecretPanel({ secret, url, rotated = false }: { secret: string; url: string; rotated?: boolean }) {
  return (
    <section aria-labelledby="secret-heading" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="secret-heading" className="text-base font-semibold">
        {rotated ? "The new signing secret" : "The signing secret"} of {url}
      </h2>
      <p className="mt-1 text-sm">
        Copy it now: it is shown only this once. Give it to the receiver, which checks each webhook&apos;s <code>webhook-signature</code>{" "}
        header with it (any Standard Webhooks library does).
        {rotated && " The previous secret stays valid for 24 hours: webhooks carry a signature by each meanwhile."}
      </p>
      <label htmlFor="signing_secret" className="mt-3 block text-sm font-medium">
        Signing secret
      </label>
      <input
        id="signing_secret"
        readOnly
        value={secret}
        className="mt-1 block w-full rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
        data-testid="signing-secret"
      />
    </section>
  );
}

/** The endpoint form's fields: address, description, events (with their messages beside them). */
export function EndpointFields({
  idPrefix,
  values = {},
  errors = {},
  defaults,
}: {
  idPrefix: string;
  /** What was typed (a refused form's echo); else `defaults`. */
  values?: Partial<Record<string, string>>;
  errors?: Partial<Record<string, string>>;
  defaults: { url: string; description: string; events: readonly string[] };
}) {
  const echoed = Object.keys(values).length > 0;
  const eventsError = errors.events;
  return (
    <>
      <Field
        id={`${idPrefix}_url`}
        label="Address"
        error={errors.url}
        hint="The receiver's https:// address: Zapier's or Make's webhook trigger, your CRM's, your own."
      >
        {(f) => (
          <input
            {...f}
            name="url"
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX}
            defaultValue={echoed ? values.url : defaults.url}
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
          />
        )}
      </Field>
      <Field id={`${idPrefix}_description`} label="Description" optional error={errors.description}>
        {(f) => (
          <input
            {...f}
            name="description"
            type="text"
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            defaultValue={echoed ? values.description : defaults.description}
            autoComplete="off"
          />
        )}
      </Field>
      <fieldset aria-describedby={eventsError ? `${idPrefix}_events-error` : undefined}>
        <legend className="font-medium text-navy-900">Events</legend>
        <ul className="mt-1.5 space-y-1.5">
          {WEBHOOK_EVENT_TYPES.map((type) => {
            const name = eventField(type);
            const checked = echoed ? values[name] === "on" : defaults.events.includes(type);
            return (
              <li key={type} className="flex items-start gap-2">
                <input
                  id={`${idPrefix}_${name}`}
                  name={name}
                  type="checkbox"
                  value="on"
                  defaultChecked={checked}
                  aria-invalid={eventsError ? true : undefined}
                  className="mt-1 size-4 accent-navy-900"
                />
                <label htmlFor={`${idPrefix}_${name}`} className="text-sm">
                  <code className="font-semibold">{type}</code>: {WEBHOOK_EVENT_LABELS[type]}
                </label>
              </li>
            );
          })}
        </ul>
        {eventsError && (
          <ErrorText id={`${idPrefix}_events-error`} text={eventsError} className="mt-1.5 text-sm font-medium text-red-800" />
        )}
      </fieldset>
    </>
  );
}
