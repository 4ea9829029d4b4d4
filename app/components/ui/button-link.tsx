import type { ComponentProps } from "react";
import { Link } from "react-router";

import { buttonClass, type ButtonSize, type ButtonVariant } from "./button";

export { buttonClass };

/**
 * A link styled as a button, for in-app destinations (a <button> is Button, any other <a> takes
 * buttonClass). It prefetches on intent unless `prefetch` says otherwise.
 */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize }) {
  // eslint-disable-next-line no-restricted-syntax -- this is the ButtonLink
  return <Link prefetch="intent" className={buttonClass(variant, className, size)} {...props} />;
}
