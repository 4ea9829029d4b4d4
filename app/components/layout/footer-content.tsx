import { Link } from "react-router";

import { EmailLink, OpeningHours, PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";
import { navigation, type NavLink } from "~/config/navigation";
import { officesByState, site } from "~/config/site";
import { listOf } from "~/lib/list-of";
import type { Viewer } from "~/lib/viewer";

import { useFacts } from "./facts";
import { Logo } from "./logo";

const BUILD_YEAR = 2026;

function FooterLinks({ heading, links }: { heading: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{heading}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="inline-block py-1 text-slate-300 hover:text-white hover:underline">
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the footer shows (docs/requirements/public-site.md#layout): contact, social, services, industries,
 * offices by state, legal links, Login, the blog and the sitemap. Sent by the server in every page
 * and kept as sent when the page hydrates (site-footer.tsx); the browser loads this code only to
 * render it afresh, once someone signs in or out.
 */
export default function FooterContent({ viewer }: { viewer: Viewer }) {
  const facts = useFacts();
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.3fr]">
        <div>
          <Logo inverse />
          <p className="mt-4 max-w-xs text-sm">{facts.tagline}.</p>
          <h2 className="sr-only">Contact</h2>
          <ul className="mt-6 space-y-3 text-sm">
            <li className="flex gap-2">
              <Icon name="clock" className="mt-0.5 size-4 shrink-0" />
              <OpeningHours hours={facts.hours} />
            </li>
            <li className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
              <span>
                Sales <PhoneLink phone={facts.phones.sales} className="font-semibold text-white hover:underline" />
                <br />
                Support <PhoneLink phone={facts.phones.support} className="font-semibold text-white hover:underline" />
              </span>
            </li>
            <li className="flex gap-2">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
              <EmailLink email={facts.emails.general} className="font-semibold text-white hover:underline" />
            </li>
          </ul>
          <h2 className="sr-only">Follow us</h2>
          <ul className="mt-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {facts.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener me" className="inline-block py-1 text-slate-300 hover:text-white hover:underline">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterLinks heading="Services" links={navigation.services} />
        <FooterLinks heading="Industries" links={navigation.allIndustries} />
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Locations</h2>
          {officesByState(facts).map(({ state, stateName, offices }) => (
            <div key={state} className="mt-3">
              <h3 className="text-sm font-medium text-slate-400">{stateName}</h3>
              <ul className="mt-1 space-y-1">
                {offices.map((office) => (
                  <li key={office.id}>
                    <Link to={office.href} className="inline-block py-1 text-slate-300 hover:text-white hover:underline">
                      {office.city}, {office.state}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <p className="mt-4 text-sm">Also serving {listOf(facts.statesAlsoServed, { serialComma: true })}.</p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {BUILD_YEAR} {site.legalName}
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-1">
              {navigation.legal.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="inline-block py-1 hover:text-white hover:underline">
                    {link.name}
                  </Link>
                </li>
              ))}
              {!viewer.signedIn && (
                <li>
                  <Link to={navigation.login.href} rel="nofollow" className="inline-block py-1 hover:text-white hover:underline">
                    {navigation.login.name}
                  </Link>
                </li>
              )}
              <li>
                <Link to={navigation.blog.href} className="inline-block py-1 hover:text-white hover:underline">
                  {navigation.blog.name}
                </Link>
              </li>
              <li>
                <Link to={navigation.sitemap.href} className="inline-block py-1 hover:text-white hover:underline">
                  {navigation.sitemap.name}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
