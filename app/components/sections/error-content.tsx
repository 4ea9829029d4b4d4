import { isRouteErrorResponse } from "react-router";

import { useOptionalFacts } from "~/components/layout/facts";
import { ButtonLink } from "~/components/ui/button-link";
import { PhoneLink } from "~/components/ui/contact-links";
import { navigation } from "~/config/navigation";
import type { Phone } from "~/config/site";

function ErrorFrame({ code, title, children }: { code: string; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-wider text-accent uppercase">{code}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-navy-900 sm:text-5xl">{title}</h1>
      <div className="mx-auto mt-5 max-w-xl text-lg text-slate-700">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/" prefetch="none">
          Back to the home page
        </ButtonLink>
        <ButtonLink to={navigation.sitemap.href} prefetch="none" variant="secondary">
          See every page
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * "Call client support at ...": the request's business facts (useOptionalFacts); none where the root
 * loader itself failed (its boundary renders ServerErrorContent), and then no line.
 */
function CallSupport({ phone }: { phone: Phone | undefined }) {
  if (!phone) return null;
  return (
    <p className="mt-3">
      If you need help now, call client support at <PhoneLink phone={phone} className="font-semibold text-accent underline" />.
    </p>
  );
}

export function NotFoundContent() {
  const sales = useOptionalFacts()?.phones.sales;
  return (
    <ErrorFrame code="Error 404" title="We can’t find that page">
      <p>The link may be old or mistyped. Everything we publish is on the sitemap, or call us and we will point you to it.</p>
      {sales && (
        <p className="mt-3">
          Sales: <PhoneLink phone={sales} className="font-semibold text-accent underline" />
        </p>
      )}
    </ErrorFrame>
  );
}

export function ServerErrorContent() {
  const support = useOptionalFacts()?.phones.support;
  return (
    <ErrorFrame code="Error 500" title="Something went wrong on our side">
      <p>The page could not be shown. It is our fault, not yours, and we have been told. Try again in a minute.</p>
      <CallSupport phone={support} />
    </ErrorFrame>
  );
}

/** A request the server refused as unreadable (400) or too large (413): the visitor can retry. */
export function RequestErrorContent({ status }: { status: 400 | 413 }) {
  return (
    <ErrorFrame code={`Error ${status}`} title={status === 413 ? "That was too much to send at once" : "We couldn’t read that request"}>
      <p>
        {status === 413
          ? "The form you sent was larger than this page accepts. Go back, shorten what you pasted, and send it again."
          : "Something in the form did not arrive as expected. Go back, reload the page, and try again."}
      </p>
    </ErrorFrame>
  );
}

/** A page this account may not see (403): a preview of a draft asked by staff who are not editors. */
export function ForbiddenContent() {
  return (
    <ErrorFrame code="Error 403" title="This page is for editors and administrators">
      <p>Previews of unpublished changes are shown to staff who edit the site. The published page is open to everyone.</p>
    </ErrorFrame>
  );
}

/** The database or a service behind the site is unreachable for a moment (503). */
export function UnavailableContent() {
  const support = useOptionalFacts()?.phones.support;
  return (
    <ErrorFrame code="Error 503" title="This page is unavailable for a moment">
      <p>We can’t reach our records just now. Try again in a minute.</p>
      <CallSupport phone={support} />
    </ErrorFrame>
  );
}

/** The right content for whatever a boundary caught: not found, a refused request, unavailable, or our fault. */
export function ErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundContent />;
    if (error.status === 400 || error.status === 413) return <RequestErrorContent status={error.status} />;
    if (error.status === 403) return <ForbiddenContent />;
    if (error.status === 503) return <UnavailableContent />;
  }
  return <ServerErrorContent />;
}
