import { useEffect, type Dispatch, type RefObject, type SetStateAction } from "react";

import { typedValue } from "~/first-paint/typed-before-hydration";

/**
 * Adopts what was typed into a controlled form before the page's scripts ran
 * (app/first-paint/typed-before-hydration.ts): once mounted, each field named like a key of the values is
 * read, and what differs from the state is taken over, so the text is back in the field and the
 * form's state (unsaved changes, the live preview) knows about it.
 */
export function useTypedBeforeHydration<T extends Record<string, string>>(
  form: RefObject<HTMLFormElement | null>,
  setValues: Dispatch<SetStateAction<T>>,
): void {
  useEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    setValues((values) => {
      let next = values;
      for (const key of Object.keys(values)) {
        const field = elements.namedItem(key);
        const typed =
          field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement
            ? typedValue(field)
            : undefined;
        if (typed !== undefined && typed !== values[key]) next = { ...next, [key]: typed };
      }
      return next;
    });
    // Once, at hydration: later input reaches the state through the fields' onChange.
  }, [form, setValues]);
}
