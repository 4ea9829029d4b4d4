import { ACCESS_DENIED_TEXT } from "~/auth/access-denied";
import { ButtonLink } from "~/components/ui/button-link";

/** docs/requirements/public-site.md#errors: title, text, message, and the two buttons, word for word. */
export function AccessDenied() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{ACCESS_DENIED_TEXT.title}</h1>
      <p className="mt-3 text-lg font-medium text-navy-900">{ACCESS_DENIED_TEXT.text}</p>
      <p className="mt-2 text-slate-700">{ACCESS_DENIED_TEXT.message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/" prefetch="none">
          Return to Home
        </ButtonLink>
        <ButtonLink to="/auth/login" prefetch="none" variant="secondary">
          Sign In
        </ButtonLink>
      </div>
    </section>
  );
}
