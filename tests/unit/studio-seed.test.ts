/** Every item of the seed validates as it is, and its edit form posted unchanged gives it back. */
import { describe, expect, it } from "vitest";

import { seedContent } from "~/content/seed";
import { contentItems, parseItemId, schemaOf } from "~/studio/content-types";
import { formValues } from "~/studio/form-values";
import { checkItem, parseItemForm } from "~/studio/item-form";

import { postedForm } from "./studio-helpers";

const items = contentItems(seedContent());

describe("the seed", () => {
  it("has every item: facts, 3 single pages, the testimonials, 12 services, 8 industries, 7 cities, 2 legal documents", () => {
    expect(items).toHaveLength(1 + 3 + 1 + 12 + 8 + 7 + 2);
    for (const item of items) expect(parseItemId(item.id)?.type).toBe(item.type);
  });

  it.each(items.map((item) => [item.id, item] as const))("%s validates and the schema gives it back unchanged", (_, item) => {
    const checked = checkItem(item.type, item.data);
    expect(checked.ok ? {} : checked.fieldErrors).toEqual({});
    expect(schemaOf(item.type).parse(item.data)).toEqual(item.data);
  });

  it.each(items.map((item) => [item.id, item] as const))("%s round-trips through its form", (_, item) => {
    const parsed = parseItemForm(item.type, postedForm(item.type, formValues(item.type, item.data)));
    expect(parsed.ok ? parsed.data : parsed.fieldErrors).toStrictEqual(item.data);
  });
});
