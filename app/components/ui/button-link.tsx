import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

type Variant = "primary" | "secondary" | "inverse";

const variants: Record<Variant, string> = {
  primary: "bg-accent text-white hover:bg-accent-strong shadow-sm",
  secondary: "border border-navy-900/20 bg-white text-navy-900 hover:border-navy-900/40 hover:bg-slate-50",
  inverse: "border border-white/40 text-white hover:bg-white/10",
};

export const buttonClass = (variant: Variant = "primary", className?: string) =>
  cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-base font-semibold transition-colors duration-150",
    variants[variant],
    className,
  );

/** A link styled as a button, for in-app destinations. */
export function ButtonLink({ variant, className, ...props }: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link prefetch="intent" className={buttonClass(variant, className)} {...props} />;
}
