import type { Ref } from "react";

import { NEW_PASSWORD_HINT, type NewPasswordField } from "~/auth/password";

import { PasswordField } from "./field";

/**
 * The two fields of every form that sets a new password (the account page, the reset link): the
 * password with the rules as its help and a weak one's reasons under its error, then the same
 * typed again. `ids` names both fields (their form names too) and `errors` holds the form's field
 * errors by those names, so each form keeps its own field names (newPasswordProblem says which
 * of the two a problem belongs to).
 */
export function NewPasswordFields<Id extends string>({
  ids,
  errors,
  details,
  passwordRef,
  confirmRef,
  inputClassName,
}: {
  ids: Readonly<Record<NewPasswordField, Id>>;
  errors?: Partial<Record<Id, string>>;
  /** A weak password's reasons, listed under the password's error. */
  details?: readonly string[];
  passwordRef?: Ref<HTMLInputElement>;
  confirmRef?: Ref<HTMLInputElement>;
  inputClassName?: string;
}) {
  const passwordError = errors?.[ids.password];
  return (
    <>
      <PasswordField
        id={ids.password}
        label="New password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={passwordError}
        details={passwordError ? details : undefined}
        inputRef={passwordRef}
        inputClassName={inputClassName}
      />
      <PasswordField
        id={ids.confirm}
        label="Repeat the new password"
        autoComplete="new-password"
        error={errors?.[ids.confirm]}
        inputRef={confirmRef}
        inputClassName={inputClassName}
      />
    </>
  );
}
