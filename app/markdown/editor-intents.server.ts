/**
 * The intents of a Markdown editor's form (documents and blog posts): preview, the editor's saves,
 * and on an existing item unpublish and delete (confirm=yes). Each editor lists the ones it takes
 * in a discriminated union (one object per intent, so checking `intent` narrows the parsed form in
 * the route); the fields themselves are checked by each editor's own parser.
 */
import { z } from "zod";

const intent = <I extends string>(name: I) => z.object({ intent: z.literal(name) });

export const EDITOR_INTENTS = {
  preview: intent("preview"),
  save: intent("save"),
  publish: intent("publish"),
  schedule: intent("schedule"),
  unpublish: intent("unpublish"),
  delete: z.object({ intent: z.literal("delete"), confirm: z.literal("yes").optional() }),
};
