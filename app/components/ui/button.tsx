import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "danger" | "danger-outline" | "inverse";
/** sm: compact controls in tables and toolbars; md: the admin area's forms; lg: the public site's calls to action. */
export type ButtonSize = "sm" | "md" | "lg";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent text-white hover:bg-accent-strong shadow-sm",
  secondary: "border border-navy-900/20 bg-white text-navy-900 hover:border-navy-900/40 hover:bg-slate-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
  "danger-outline": "border border-red-300 bg-white text-red-800 hover:bg-red-50",
  inverse: "border border-white/40 text-white hover:bg-white/10",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-10 px-4 text-sm",
  lg: "min-h-11 px-5 py-2.5 text-base",
};

/** The classes of a button, for <button>, <Link> and <a> alike, so every kind looks the same. */
export const buttonClass = (variant: ButtonVariant = "primary", className?: string, size: ButtonSize = "lg") =>
  cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors duration-150 disabled:opacity-70",
    sizes[size],
    variants[variant],
    className,
  );

/** A <button> in one of the variants; `type` is required, so a form never submits by accident. */
export function Button({
  variant = "primary",
  size = "md",
  className,
  type,
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize; type: "button" | "submit" }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}
