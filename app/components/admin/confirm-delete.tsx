import type { FormEvent } from "react";
import { Form } from "react-router";

import { ActionMessage } from "~/components/feedback/action-message";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";

/** The form that carries out a confirmed deletion: intent=delete, the target's hidden fields, confirm=yes. */
export function ConfirmedDeleteForm({
  fields = {},
  onSubmit,
  preventScrollReset,
}: {
  fields?: Record<string, string>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  preventScrollReset?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset={preventScrollReset} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="delete" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirm" value="yes" />
      <Button type="submit" variant="danger">
        Delete permanently
      </Button>
    </Form>
  );
}

/**
 * The confirmation step of a deletion posted without JavaScript (the action answered ok:
 * "confirm"): the question as an alert, Delete permanently, and a link that cancels.
 */
export function DeleteStep({
  question,
  fields,
  cancelTo,
  cancelLabel = "Cancel",
}: {
  question: string;
  fields?: Record<string, string>;
  cancelTo: string;
  cancelLabel?: string;
}) {
  return (
    <ActionMessage result={{ ok: "confirm", message: question }}>
      <ConfirmedDeleteForm fields={fields} />
      <ButtonLink to={cancelTo} prefetch="none" variant="secondary" size="md">
        {cancelLabel}
      </ButtonLink>
    </ActionMessage>
  );
}
