import { useFacts } from "~/components/layout/facts";
import { buttonClass, ButtonLink } from "~/components/ui/button-link";
import { PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";
import { navigation } from "~/config/navigation";
import type { CallToAction } from "~/content/types";

/** The closing next step of a page: Get Started (with the service preselected) or call sales. */
export function CtaBand({ cta, service }: { cta: CallToAction; service?: string }) {
  const { sales } = useFacts().phones;
  const href = service ? `${navigation.getStarted.href}?service=${encodeURIComponent(service)}` : navigation.getStarted.href;
  return (
    <section aria-labelledby="cta-heading" data-click-location="cta" className="on-dark bg-navy-900 py-16 text-slate-200">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-[clamp(1.625rem,1.2rem+1.6vw,2.25rem)] font-bold tracking-tight">
            {cta.title}
          </h2>
          <p className="mt-3 text-lg text-slate-300">{cta.text}</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <ButtonLink to={href}>{navigation.getStarted.name}</ButtonLink>
          <PhoneLink phone={sales} className={buttonClass("inverse", undefined, "cta")}>
            <Icon name="phone" className="size-4" />
            <span>
              <span className="sr-only">Call sales at </span>
              {sales.display}
            </span>
          </PhoneLink>
        </div>
      </div>
    </section>
  );
}
