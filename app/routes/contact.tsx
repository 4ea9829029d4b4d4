import { Icon } from "~/components/ui/icon";
import type { Route } from "./+types/contact";
import { site } from "~/config/site";
import { EmailLink, PhoneLink } from "~/components/ui/contact-links";
import { OfficeList } from "~/components/sections/home-sections";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { contactPage } from "~/content/pages";
import { routeMeta } from "~/lib/meta";

const crumbs = [{ name: "Contact", path: "/contact" }];

export function loader() {
  return { page: contactPage };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/contact", breadcrumbs: crumbs });

function ContactCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6">
      <span className="inline-flex size-11 items-center justify-center rounded-lg bg-navy-100 text-navy-800">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <div className="mt-2 space-y-1 text-slate-700">{children}</div>
    </li>
  );
}

/** Contact: how to reach us now. The enquiry form is added by the contact-form work (issue #4). */
export default function Contact({ loaderData: { page } }: Route.ComponentProps) {
  const linkClass = "text-lg font-semibold text-accent underline-offset-4 hover:underline";
  return (
    <>
      <PageHero eyebrow="Get Started" title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <Section>
        <ul className="grid gap-6 md:grid-cols-3" data-click-location="contact_page">
          <ContactCard icon={<Icon name="phone" className="size-6" />} title="Call us">
            <p>
              New business: <PhoneLink phone={site.phones.sales} className={linkClass} />
            </p>
            <p>
              Client support: <PhoneLink phone={site.phones.support} className={linkClass} />
            </p>
          </ContactCard>
          <ContactCard icon={<Icon name="mail" className="size-6" />} title="Email us">
            <p>
              Sales and questions: <EmailLink email={site.emails.general} className={linkClass} />
            </p>
            <p>
              Client support: <EmailLink email={site.emails.support} className={linkClass} />
            </p>
          </ContactCard>
          <ContactCard icon={<Icon name="clock" className="size-6" />} title="Hours">
            <p>{site.hours.business}</p>
            <p>{site.hours.emergency}</p>
            <p>{site.hours.onSite}</p>
          </ContactCard>
        </ul>
      </Section>
      <Section heading="Our offices" intro="Visit, or have us come to you. Each office has engineers who work on site in its area." tone="muted">
        <OfficeList showAddress />
      </Section>
    </>
  );
}
