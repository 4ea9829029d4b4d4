import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * The classes of a text input, select or textarea in the admin area: border, padding and text only.
 * Margin and width belong to the call site, passed as `className`.
 */
export const inputClass = (className?: string) =>
  cn("rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-navy-900", className);

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
