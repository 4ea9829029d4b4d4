import { ContactForm } from "~/components/forms/contact-form";
import { useFacts } from "~/components/layout/facts";
import { OfficeList } from "~/components/sections/home-sections";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { EmailLink, PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";
import { CONTACT_MESSAGES, FORM_TYPE, type ContactOutcome, type ContactValues } from "~/leads/contact-fields";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/contact";

const crumbs = [{ name: "Contact", path: "/contact" }];

export { action, loader } from "./contact.server";

/** In the browser: the same server action, plus a clear message when the network fails. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ContactOutcome> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) {
      const values: ContactValues = {};
      for (const [key, value] of form) if (typeof value === "string") values[key as keyof ContactValues] = value;
      return { ok: false, intent: FORM_TYPE, code: "offline", message: CONTACT_MESSAGES.offline, values };
    }
    throw error;
  }
}

/** An answer to a submission is never cached, and a refusal says when to retry (Retry-After). */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/contact", breadcrumbs: crumbs });

function ContactCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-navy-100 text-navy-800">{icon}</span>
        <h2 className="text-lg font-semibold">{title}</h2>
      </div>
      <div className="mt-3 space-y-2 text-slate-700">{children}</div>
    </li>
  );
}

/** Contact: the enquiry form, and every other way to reach us. */
export default function Contact({ loaderData: { page, preset, submissionId, formTime }, actionData }: Route.ComponentProps) {
  const facts = useFacts();
  const linkClass = "font-semibold text-accent underline-offset-4 hover:underline";
  const labelClass = "block text-sm text-slate-600";
  return (
    <>
      <PageHero eyebrow="Get Started" title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <Section interactive>
        <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <ContactForm preset={preset} submissionId={submissionId} formTime={formTime} result={actionData} />
          </div>
          <ul className="space-y-4" data-click-location="contact_page">
            <ContactCard icon={<Icon name="phone" className="size-5" />} title="Call us">
              <p>
                <span className={labelClass}>New business</span>
                <PhoneLink phone={facts.phones.sales} className={linkClass} />
              </p>
              <p>
                <span className={labelClass}>Client support</span>
                <PhoneLink phone={facts.phones.support} className={linkClass} />
              </p>
            </ContactCard>
            <ContactCard icon={<Icon name="mail" className="size-5" />} title="Email us">
              <p>
                <span className={labelClass}>Sales and questions</span>
                <EmailLink email={facts.emails.general} className={`${linkClass} break-words`} />
              </p>
              <p>
                <span className={labelClass}>Client support</span>
                <EmailLink email={facts.emails.support} className={`${linkClass} break-words`} />
              </p>
            </ContactCard>
            <ContactCard icon={<Icon name="clock" className="size-5" />} title="Hours">
              <p>{facts.hours.business}</p>
              <p>{facts.hours.emergency}</p>
              <p>{facts.hours.onSite}</p>
            </ContactCard>
          </ul>
        </div>
      </Section>
      <Section
        heading="Our offices"
        intro="Visit, or have us come to you. Each office has engineers who work on site in its area."
        tone="muted"
      >
        <OfficeList showAddress />
      </Section>
    </>
  );
}
