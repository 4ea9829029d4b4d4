import type { ReactNode, Ref } from "react";

import { cn } from "~/lib/cn";

/**
 * A form's message above its fields: announced (role=alert) and focusable, so the page can move
 * focus to it after a failed submission and bring it into view under the sticky header.
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
      role="alert"
      className={cn("scroll-mt-28 rounded-md border border-red-300 bg-red-50 p-3 text-red-800", className)}
    >
      {children}
    </p>
  );
}
