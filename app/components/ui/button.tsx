import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "outline" | "danger" | "danger-outline" | "inverse" | "overlay";
/**
 * sm: compact controls in tables and toolbars; md: the admin area's forms; lg: the public site's
 * calls to action; cta: a call to action beside Get Started in a hero or closing band (44 px
 * tall, bordered or not); send: a public form's send button; tap: small text on a 44 px target
 * (the hero video's pause).
 */
export type ButtonSize = "sm" | "md" | "lg" | "cta" | "send" | "tap";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent font-semibold text-white hover:bg-accent-strong shadow-sm",
  secondary: "border border-navy-900/20 bg-white font-semibold text-navy-900 hover:border-navy-900/40 hover:bg-slate-50",
  /** A quiet bordered button on a white page (the document viewer's Print). */
  outline: "border border-slate-300 font-semibold text-navy-900 hover:bg-slate-100",
  danger: "bg-red-700 font-semibold text-white hover:bg-red-800",
  "danger-outline": "border border-red-300 bg-white font-semibold text-red-800 hover:bg-red-50",
  inverse: "border border-white/40 font-semibold text-white hover:bg-white/10",
  /** A control laid over a picture or video. */
  overlay: "bg-navy-950/70 font-medium text-white hover:bg-navy-950/90",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-10 px-4 text-sm",
  lg: "min-h-11 px-5 py-2.5 text-base",
  cta: "min-h-11 px-5 text-base",
  send: "min-h-11 px-6 text-base",
  tap: "min-h-11 px-3 text-sm",
};

/** The classes of a button, for <button>, <Link> and <a> alike, so every kind looks the same. */
export const buttonClass = (variant: ButtonVariant = "primary", className?: string, size: ButtonSize = "lg") =>
  cn(
    "inline-flex items-center justify-center gap-2 rounded-md transition-colors duration-150 disabled:opacity-70",
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
  // eslint-disable-next-line no-restricted-syntax -- this is the Button
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}
