import type { ReactNode, Ref } from "react";

import { Button, type ButtonSize } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { controlClass } from "~/components/ui/input";
import { cn } from "~/lib/cn";

/**
 * The look of a Field's control: the one control look (ADR 012), full width under its label. For
 * a control whose label and messages a page lays out itself; its aria-invalid turns the border red.
 */
export const fieldControlClass = controlClass("md", "mt-1.5 block w-full");

export interface FieldProps {
  id: string;
  label: string;
  /** Help shown under the label, read with the field. */
  hint?: ReactNode;
  error?: string;
  /** A list under the error (a weak password's reasons). */
  details?: readonly string[];
  optional?: boolean;
  className?: string;
  children: (props: {
    id: string;
    "aria-invalid": boolean | undefined;
    "aria-describedby": string | undefined;
    className: string;
  }) => ReactNode;
}

/** A label, its help, the control and its error (with its list), tied together for screen readers. */
export function Field({ id, label, hint, error, details, optional, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium text-navy-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        className: fieldControlClass,
      })}
      {error &&
        (details?.length ? (
          <div id={errorId} className="mt-1.5 text-sm font-medium text-red-800">
            <ErrorText text={error} />
            <ul className="mt-1 list-disc pl-5">
              {details.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : (
          <ErrorText id={errorId} text={error} className="mt-1.5 text-sm font-medium text-red-800" />
        ))}
    </div>
  );
}

/** A field's error as Field shows it ("Error: " for screen readers), for fields a page lays out itself (a fieldset). */
export function ErrorText({ id, text, className }: { id?: string; text: string; className?: string }) {
  return (
    <p id={id} className={className}>
      <span className="sr-only">Error: </span>
      {text}
    </p>
  );
}

/** A password field: `id` is also the field's name; the list under its error (a weak password's reasons). */
export function PasswordField({
  id,
  label,
  autoComplete,
  hint,
  error,
  details,
  inputRef,
  inputClassName,
}: {
  id: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: ReactNode;
  error?: string;
  details?: readonly string[];
  inputRef?: Ref<HTMLInputElement>;
  inputClassName?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} details={details}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name={id}
          type="password"
          autoComplete={autoComplete}
          required
          className={cn(control.className, inputClassName)}
        />
      )}
    </Field>
  );
}

/**
 * A form's send button that shows the form is being sent: while `pending` it is disabled, a
 * clock turns (still where motion is reduced) and it says `pendingLabel` instead of its label.
 * It lives beside Field so that a page with a form gets it in the module it already loads
 * (a module of its own would be one more script for the sign-in and contact pages).
 */
export function SubmitButton({
  pending,
  pendingLabel,
  size,
  className,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size={size} disabled={pending} className={className}>
      {pending && <Icon name="clock" className="size-4 animate-spin motion-reduce:animate-none" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
