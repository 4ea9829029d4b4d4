/**
 * Text typed before hydration (docs/requirements/public-site.md#performance-and-accessibility). Until the
 * page's scripts run, its fields are plain HTML and take input. React keeps what was typed into an
 * <input> when it hydrates, but puts the server's value back into a <textarea> and a <select>.
 * So the head script (app/first-paint/first-paint.server.ts) notes the value of each such field the
 * visitor changes under this property of the element, and a controlled form adopts it once
 * mounted (app/components/forms/use-typed-before-hydration.ts).
 */
export const TYPED_VALUE = "__typedValue";

/** The script statement that notes the values: a listener on window, in the capture phase. */
export const NOTE_TYPED_VALUES =
  `addEventListener("input",function(e){var t=e.target;` +
  `if(t instanceof HTMLTextAreaElement||t instanceof HTMLSelectElement)t.${TYPED_VALUE}=t.value},true);`;

/** What the visitor last typed or chose in `field`, as noted by the head script (the field's value otherwise). */
export function typedValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  const noted = (field as unknown as Record<string, unknown>)[TYPED_VALUE];
  return typeof noted === "string" ? noted : field.value;
}
