import type { ReactNode } from "react";

import type { BusinessFacts, Phone } from "~/config/site";

/**
 * tel: and mailto: links, and the opening hours. Link clicks are reported to analytics by one delegated listener
 * (components/layout/analytics.tsx), with the nearest [data-click-location] as click_location.
 */
export function PhoneLink({ phone, className, children }: { phone: Phone; className?: string; children?: ReactNode }) {
  return (
    <a href={`tel:${phone.e164}`} className={className}>
      {children ?? phone.display}
    </a>
  );
}

export function EmailLink({ email, className, children }: { email: string; className?: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${email}`} className={className}>
      {children ?? email}
    </a>
  );
}

/** Business hours, then emergency support, on two lines (docs/requirements/public-site.md#content). */
export function OpeningHours({ hours }: { hours: Pick<BusinessFacts["hours"], "business" | "emergency"> }) {
  return (
    <span>
      {hours.business}
      <br />
      {hours.emergency}
    </span>
  );
}
