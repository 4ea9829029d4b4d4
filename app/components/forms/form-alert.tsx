import type { ReactNode, Ref } from "react";

import { cn } from "~/lib/cn";

/**
 * A form's message above its fields: announced (role=alert) and focusable, so the page can move
 * focus to it after a failed submission and bring it into view under the sticky header. It is only
 * shown after a failed submission, and takes focus as it appears (autofocus): also when the form
 * was sent before the page hydrated and the answer is a new page that has not hydrated yet (the
 * sign-in pages hydrate at the first input, ADR 025).
 */
export function FormAlert({
  id,
  ref,
  className,
  children,
}: {
  id?: string;
  ref?: Ref<HTMLParagraphElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      ref={ref}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the message of a failed submission, focused as the page focuses it once hydrated (WCAG 3.3.1)
      autoFocus
      role="alert"
      className={cn("scroll-mt-28 rounded-md border border-red-300 bg-red-50 p-3 text-red-800", className)}
    >
      {children}
    </p>
  );
}
