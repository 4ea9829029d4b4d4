/**
 * What every admin action answers, and what its page shows: a tagged union on `ok`. Field errors
 * sit beside their fields, `values` echo what was typed (never a password), `details` is a list
 * under the message (a weak password's reasons, the files of an upload). `ok: "confirm"` is the
 * confirmation step of a destructive action posted without JavaScript.
 */
/** A form's text fields by name, as parseForm (app/lib/form.server.ts) read them. */
export type FormFields = Readonly<Record<string, unknown>>;

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export type ActionSuccess<Intent extends string = string> = { ok: true; intent: Intent; message: string };

export type ActionFailure<Intent extends string = string, Field extends string = string> = {
  ok: false;
  intent: Intent;
  message: string;
  /** A stable code for scripts and tests (forbidden, validation_failed, weak_password, ...). */
  code?: string;
  fieldErrors?: FieldErrors<Field>;
  values?: Partial<Record<Field, string>>;
  details?: string[];
};

export type ActionConfirm<Intent extends string = string, Field extends string = string> = {
  ok: "confirm";
  intent: Intent;
  message: string;
  values?: Partial<Record<Field, string>>;
};

export type ActionResult<Intent extends string = string, Field extends string = string> =
  ActionSuccess<Intent> | ActionFailure<Intent, Field> | ActionConfirm<Intent, Field>;

/**
 * What a form refused before its action could read the intent answers (parseForm: a field
 * the schema refused, an unknown intent, a body too large): any intent, any field.
 */
export type FormRefusal = ActionFailure<string, string>;
