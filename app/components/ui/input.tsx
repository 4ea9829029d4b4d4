import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

/**
 * sm: the admin area's compact controls (filters, tables, dialogs); md: the forms laid out by
 * Field (the contact form, the document editor), with larger text for touch and their focus and
 * error states.
 */
export type ControlSize = "sm" | "md";

const sizes: Record<ControlSize, string> = {
  sm: "py-2 text-sm",
  md: "py-2.5 text-base shadow-sm focus:border-navy-700 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40",
};

/**
 * The one look of a text input, select or textarea, public or admin (ADR 012): border, padding,
 * text and states. Margin and width belong to the call site, passed as `className`.
 */
export const controlClass = (size: ControlSize = "sm", className?: string) =>
  cn("rounded-md border border-slate-400 bg-white px-3 text-navy-900", sizes[size], className);

/** The admin area's compact control (controlClass "sm"). */
export const inputClass = (className?: string) => controlClass("sm", className);

/** An <input> in the admin style; every other attribute is passed through. */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={inputClass(className)} {...props} />;
}

/** A <select> in the admin style; every other attribute is passed through. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={inputClass(className)} {...props} />;
}

/** A <textarea> in the admin style; every other attribute is passed through. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={inputClass(className)} {...props} />;
}
