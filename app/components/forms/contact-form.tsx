import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";

import { pushEvent, rememberVisit, VISIT_KEY } from "~/analytics/analytics";
import { useFacts } from "~/components/layout/facts";
import { PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";
import {
  COMPANY_SIZES,
  FORM_TIME,
  FORM_TYPE,
  HONEYPOT,
  LIMITS,
  MESSAGE_MAX,
  MESSAGE_MIN,
  REFERRAL_SOURCES,
  SERVICE_OPTIONS,
  SUBMISSION_ID,
  UTM_KEYS,
  VISIBLE_FIELDS,
  VISIT_FIELDS,
  type ContactFieldErrors,
  type ContactOutcome,
  type ContactRefused,
  type ContactSent,
  type ContactValues,
  type FieldName,
} from "~/leads/contact-fields";
import { replyTimeText } from "~/leads/reply-time";
import { formatCount } from "~/lib/list-of";

import { Field, SubmitButton } from "./field";

export const CONTACT_FORM_ID = "contact-form";

/** The visit's landing page and campaign, as the head script of its first page kept them (noteVisit, app/analytics/analytics.ts). */
function storedVisit(): string | null {
  try {
    rememberVisit(); // a document without the head script (a render in tests): note this page
    return sessionStorage.getItem(VISIT_KEY);
  } catch {
    return null;
  }
}

function parseVisit(stored: string | null): ContactValues {
  const visit: ContactValues = {};
  try {
    const parsed = JSON.parse(stored ?? "{}") as Record<string, unknown>;
    for (const key of VISIT_FIELDS) {
      if (typeof parsed[key] === "string") visit[key] = parsed[key];
    }
  } catch {
    // Not ours, or damaged: the form sends what its own address carries.
  }
  return visit;
}

/** A random (version 4) UUID; crypto.randomUUID exists only on secure origins, getRandomValues everywhere. */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The shared schema (zod/mini), fetched once the visitor starts on the form, not with the page. */
type Validator = (typeof import("~/leads/contact-schema"))["validateContact"];
let validator: Promise<Validator> | undefined;
const loadValidator = () => (validator ??= import("~/leads/contact-schema").then((m) => m.validateContact));

const linkClass = "font-semibold text-accent underline underline-offset-2";

function ProblemAlert({ result, alertRef }: { result: ContactRefused; alertRef: React.RefObject<HTMLDivElement | null> }) {
  const facts = useFacts();
  const sales = <PhoneLink phone={facts.phones.sales} className={linkClass} />;
  // The title is the answer's message; the rest says what to do, with the sales phone.
  let body: React.ReactNode;
  switch (result.code) {
    case "rate-limited":
      body = (
        <>
          To stop automated spam we accept only a few in a short time. Try again in {result.retryMinutes} minute
          {result.retryMinutes === 1 ? "" : "s"}, or call sales at {sales} now. Your details are still in the form.
        </>
      );
      break;
    case "unavailable":
      body = (
        <>
          It has not been sent, and your details are still in the form. Try again in a minute, or call sales at {sales} (
          {facts.hours.business}).
        </>
      );
      break;
    case "offline":
      body = <>Check your connection and send it again; your details are still in the form. Or call sales at {sales}.</>;
      break;
    default:
      body = (
        <>
          Shorten your message to {formatCount(MESSAGE_MAX)} characters and send it again, or call sales at {sales}.
        </>
      );
  }
  return (
    <div
      ref={alertRef}
      tabIndex={-1}
      role="alert"
      className="scroll-mt-28 rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
      data-click-location="contact_form"
    >
      <p className="font-semibold">{result.message}</p>
      <p className="mt-1">{body}</p>
    </div>
  );
}

function ThankYou({ result }: { result: ContactSent }) {
  const facts = useFacts();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="scroll-mt-28 rounded-xl border border-emerald-300 bg-emerald-50 p-6 sm:p-8"
      data-click-location="contact_form"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white">
          <Icon name="check" className="size-5" />
        </span>
        <h2 className="text-2xl font-bold tracking-tight">
          Thank you{result.firstName ? `, ${result.firstName}` : ""}. We have your request.
        </h2>
      </div>
      <p className="mt-4 text-slate-800">It is saved and on its way to our sales team. What happens next:</p>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
        <li>
          We call or e-mail you back <strong>{replyTimeText(result.reply, facts.hours)}</strong> to hear what is going on and what you need.
        </li>
        <li>If it looks like a fit, we schedule an assessment of your systems.</li>
        <li>You get a written summary of what we found and a proposal with a flat monthly price. Nothing changes until you approve it.</li>
      </ol>
      <p className="mt-4 text-slate-800">
        Our hours: {facts.hours.business}. Something down right now? Call sales at{" "}
        <PhoneLink phone={facts.phones.sales} className={linkClass} />; clients, call support at{" "}
        <PhoneLink phone={facts.phones.support} className={linkClass} />.
      </p>
    </div>
  );
}

/**
 * The contact form (docs/requirements/leads.md#contact-form). It posts to the route's server action with or without
 * JavaScript; with it, the same schema checks the fields first, errors are listed and shown beside
 * each field, and the pending state shows while the request is stored. `submissionId` (made by
 * the server for this rendering) goes with every send of this form, so a retry after a lost
 * answer is recognised and stored once; after the request is received the form gets a new one.
 * `formTime` (the signed moment the server rendered it: the time trap, docs/requirements/leads.md#spam)
 * goes with every send too, the one the form was first shown with even after an error.
 */
export function ContactForm({
  preset,
  submissionId,
  formTime,
  result,
}: {
  preset: ContactValues;
  submissionId: string;
  formTime: string;
  result?: ContactOutcome;
}) {
  const facts = useFacts();
  const navigation = useNavigation();
  const submit = useSubmit();
  const pending = navigation.state === "submitting" && navigation.formData?.get("form_type") === FORM_TYPE;
  // Errors the browser found, for the answer they were found after (a new answer replaces them).
  const [local, setLocal] = useState<{ after: ContactOutcome | undefined; errors: ContactFieldErrors; focus: number } | null>(null);
  // Read after hydration (the server has no sessionStorage), in a transition so that hydration is
  // not followed by a synchronous re-render of the whole form (app/lib/use-hydrated.ts); it does
  // not change during the visit.
  const [stored, setStored] = useState<string | null>(null);
  useEffect(() => {
    const value = storedVisit();
    if (value !== null) startTransition(() => setStored(value));
  }, []);
  const visit = useMemo(() => parseVisit(stored), [stored]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const pushed = useRef<ContactOutcome | undefined>(undefined);
  // The same id for every retry of this form (the answer to an error carries it back as well);
  // once a request is received, the next one is a new submission with a new id.
  const [formId, setFormId] = useState<{ id: string; after?: ContactOutcome }>({ id: submissionId });
  if (result?.ok === true && formId.after !== result) setFormId({ id: newSubmissionId(), after: result });

  useEffect(() => {
    if (result?.ok === true && result.analytics && pushed.current !== result) {
      pushed.current = result;
      pushEvent({ event: "form_submit", ...result.analytics });
    }
    if (result?.ok === false) (result.code === "validation_failed" ? summaryRef : alertRef).current?.focus();
  }, [result]);

  const focusRequest = local?.focus ?? 0;
  useEffect(() => {
    if (focusRequest) summaryRef.current?.focus();
  }, [focusRequest]);

  if (result?.ok === true) return <ThankYou result={result} />;

  const errors: ContactFieldErrors =
    local && local.after === result
      ? local.errors
      : result?.ok === false && result.code === "validation_failed"
        ? (result.fieldErrors ?? {})
        : {};
  const kept = result?.values;
  const value = (field: FieldName) => kept?.[field] ?? preset[field] ?? "";
  // Campaign of the visit (kept since its first page), else of this page's own address (no JavaScript).
  const tracking: ContactValues = UTM_KEYS.some((k) => visit[k])
    ? visit
    : { ...preset, landing_page: visit.landing_page ?? preset.landing_page, referrer_host: visit.referrer_host };
  const hidden = (field: FieldName) => kept?.[field] ?? tracking[field] ?? "";

  const problems = VISIBLE_FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]!] as const);
  const fieldProps = (field: FieldName) => ({ id: field, error: errors[field] });

  // With JavaScript the summary's links move focus to the field, its label in view.
  const goToField = (field: FieldName) => (event: React.MouseEvent) => {
    const input = document.getElementById(field);
    if (!input) return;
    event.preventDefault();
    document.querySelector(`label[for="${field}"]`)?.scrollIntoView({ block: "start" });
    input.focus({ preventScroll: true });
  };

  const check = (form: HTMLFormElement) => loadValidator().then((validate) => validate(Object.fromEntries(new FormData(form))));

  // The browser checks with the shared schema first; the server checks again in any case.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const send = () => void submit(form);
    check(form).then((checked) => {
      if (checked.ok) {
        setLocal(null);
        send();
      } else {
        setLocal({ after: result, errors: checked.errors, focus: (local?.focus ?? 0) + 1 });
      }
    }, send); // the check could not load: the server's answer will say what is wrong
  };

  // A flagged field is checked again as the visitor corrects it, so its error goes away while
  // typing (never on blur: a vanishing error would move the Send button under the pointer).
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as FieldName;
    if (!errors[name]) return;
    void check(event.currentTarget).then((checked) => {
      const now = checked.ok ? {} : checked.errors;
      const still: ContactFieldErrors = {};
      for (const [field] of problems) if (now[field]) still[field] = now[field];
      setLocal({ after: result, errors: still, focus: local?.focus ?? 0 });
    });
  };

  return (
    <Form
      id={CONTACT_FORM_ID}
      method="post"
      action={`/contact#${CONTACT_FORM_ID}`}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={() => void loadValidator()}
      aria-busy={pending}
      aria-labelledby="contact-form-heading"
      className="scroll-mt-28 space-y-6"
    >
      <div>
        <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight">
          Tell us what you need
        </h2>
        <p className="mt-2 text-slate-700">
          Fields marked optional can be left blank. A member of our sales team reads every request during business hours (
          {facts.hours.business}).
        </p>
      </div>

      {result?.ok === false && result.code !== "validation_failed" && <ProblemAlert result={result} alertRef={alertRef} />}
      {problems.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="contact-errors-heading"
          className="scroll-mt-28 rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
        >
          <h3 id="contact-errors-heading" className="font-semibold text-red-900">
            {problems.length === 1 ? "One field needs your attention:" : `${problems.length} fields need your attention:`}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {problems.map(([field, message]) => (
              <li key={field}>
                <a href={`#${field}`} onClick={goToField(field)} className="font-medium text-red-900 underline underline-offset-2">
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <input type="hidden" name="form_type" value={FORM_TYPE} />
      <input type="hidden" name={SUBMISSION_ID} value={kept?.submission_id ?? formId.id} />
      <input type="hidden" name={FORM_TIME} value={kept?.form_time ?? formTime} />
      {VISIT_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={hidden(field)} />
      ))}

      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Full name" {...fieldProps("full_name")}>
          {(p) => (
            <input
              {...p}
              name="full_name"
              type="text"
              autoComplete="name"
              required
              aria-required="true"
              maxLength={LIMITS.full_name}
              defaultValue={value("full_name")}
            />
          )}
        </Field>
        <Field label="Work e-mail" {...fieldProps("email")}>
          {(p) => (
            <input
              {...p}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              aria-required="true"
              maxLength={LIMITS.email}
              defaultValue={value("email")}
            />
          )}
        </Field>
        <Field label="Phone" optional {...fieldProps("phone")}>
          {(p) => (
            <input
              {...p}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={LIMITS.phone}
              defaultValue={value("phone")}
            />
          )}
        </Field>
        <Field label="Company" {...fieldProps("company")}>
          {(p) => (
            <input
              {...p}
              name="company"
              type="text"
              autoComplete="organization"
              required
              aria-required="true"
              maxLength={LIMITS.company}
              defaultValue={value("company")}
            />
          )}
        </Field>
        <Field label="Company size" optional {...fieldProps("company_size")}>
          {(p) => (
            <select {...p} name="company_size" defaultValue={value("company_size")}>
              <option value="">Choose a size</option>
              {COMPANY_SIZES.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Service you are interested in" optional {...fieldProps("service")}>
          {(p) => (
            <select {...p} name="service" defaultValue={value("service")}>
              <option value="">Choose a service</option>
              {SERVICE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="How did you hear about us?" optional className="sm:col-span-2" {...fieldProps("referral_source")}>
          {(p) => (
            <select {...p} name="referral_source" defaultValue={value("referral_source")} className={`${p.className} sm:max-w-sm`}>
              <option value="">Choose an answer</option>
              {REFERRAL_SOURCES.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="How can we help?"
          hint={`What is going on, what you use today and any deadline: ${MESSAGE_MIN} to ${formatCount(MESSAGE_MAX)} characters. Please leave out passwords and patient or card data.`}
          className="sm:col-span-2"
          {...fieldProps("message")}
        >
          {(p) => (
            <textarea
              {...p}
              name="message"
              rows={6}
              required
              aria-required="true"
              maxLength={MESSAGE_MAX}
              defaultValue={value("message")}
            />
          )}
        </Field>
      </div>

      {/*
        For bots only: people never see or reach it. Off screen and clipped (not display:none, which
        bots skip), hidden from assistive technology (aria-hidden) and inert (no focus, no tab stop,
        no autofill target a person would meet). A filled one makes the request spam, never lost.
      */}
      <div aria-hidden="true" inert className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor={HONEYPOT}>Website</label>
        <input id={HONEYPOT} name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <SubmitButton pending={pending} pendingLabel="Sending…" size="send">
          Send request
        </SubmitButton>
        <p className="text-sm text-slate-600" data-click-location="contact_form">
          Rather talk now? Call sales at <PhoneLink phone={facts.phones.sales} className={linkClass} />.
        </p>
      </div>
      <p role="status" className="sr-only">
        {pending ? "Sending your request…" : ""}
      </p>
    </Form>
  );
}
