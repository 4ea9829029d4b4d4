/**
 * The server side of /contact (the route module beside it): the form's preset from the address,
 * and the submission (app/leads/submit.server.ts).
 */
import { data } from "react-router";

import { contactPage } from "~/content/pages";
import { SERVICE_OPTIONS, UTM_KEYS, type ContactOutcome, type ContactValues } from "~/leads/contact-fields";
import { contactChecks, issueFormTime } from "~/leads/form-time.server";
import { handleContactSubmission } from "~/leads/submit.server";

import type { Route } from "./+types/contact";

/**
 * Rendered per request (docs/requirements/operations.md#data-and-deployment: forms are rendered by the server). `?service=<slug>`
 * preselects a service; utm_* of this address fill the form's campaign fields when JavaScript
 * is off (with it, the visit's landing campaign kept in the browser wins). Each rendering gets a
 * fresh submission id, so the page is never stored by a cache (two visitors must not share one),
 * and the signed time it was rendered, the time trap's (docs/requirements/leads.md#spam).
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const preset: ContactValues = {};
  const service = params.get("service");
  if (service && SERVICE_OPTIONS.some((o) => o.value === service)) preset.service = service;
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) preset[key] = value.slice(0, 200);
  }
  if (UTM_KEYS.some((k) => preset[k])) {
    const url = new URL(request.url);
    preset.landing_page = `${url.pathname}${url.search}`.slice(0, 2000);
  }
  const formTime = issueFormTime(contactChecks().formKey);
  return data({ page: contactPage, preset, submissionId: crypto.randomUUID(), formTime }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await handleContactSubmission(request, context, context.services.content.published().facts.hours, contactChecks());
  return data<ContactOutcome>(answer.result, { status: answer.status, headers: { "Cache-Control": "no-store", ...answer.headers } });
}
