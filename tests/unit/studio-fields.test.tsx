// @vitest-environment jsdom
/**
 * The content studio's form fields (app/components/admin/content-fields.tsx): what they post is
 * what the parser reads; errors sit beside their fields for screen readers; lists change by
 * buttons that work without JavaScript.
 */
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { ContentFields } from "~/components/admin/content-fields";
import { seedContent } from "~/content/seed";
import { CONTENT_TYPES, contentItems, fieldsOf, type ContentType } from "~/studio/content-types";
import type { FormValues, StudioFieldErrors } from "~/studio/field-types";
import { formValues } from "~/studio/form-values";
import { parseItemForm } from "~/studio/item-form";

const seed = seedContent();
const service = seed.services["co-managed-it"];

function renderForm(type: ContentType, values: FormValues, errors?: StudioFieldErrors, focus?: string) {
  const view = render(
    <form aria-label="Edit">
      <ContentFields
        fields={fieldsOf(type)}
        values={values}
        errors={errors}
        focus={focus}
        idPrefix="edit"
        defaultIntent="save"
        dynamicOptions={{ offices: seed.facts.offices.map((o) => ({ value: o.id, label: o.city })) }}
      />
    </form>,
  );
  return { ...view, form: view.container.querySelector("form")! };
}

describe("ContentFields", () => {
  const firstOfType = new Set(CONTENT_TYPES.map((type) => contentItems(seed).find((item) => item.type === type)!.id));

  it.each(contentItems(seed).map((item) => [item.id, item] as const))("%s: the rendered form posts the item back unchanged", (id, item) => {
    const { form, container } = renderForm(item.type, formValues(item.type, item.data));
    const result = parseItemForm(item.type, new FormData(form));
    expect(result.ok ? result.data : result.fieldErrors).toStrictEqual(item.data);
    if (!firstOfType.has(id)) return;
    // Valid HTML and labelled controls, once per content type: unique ids, one label per control,
    // aria-describedby naming elements that exist.
    const ids = [...container.querySelectorAll("[id]")].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    const controls = [...container.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), select, textarea")];
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) expect(control.labels?.length, control.name).toBe(1);
    for (const described of container.querySelectorAll("[aria-describedby]"))
      for (const ref of described.getAttribute("aria-describedby")!.split(" ")) expect(document.getElementById(ref), ref).not.toBeNull();
  });

  it("shows each error beside its field: aria-invalid, aria-describedby to the message and the hint", () => {
    renderForm("service", formValues("service", service), {
      headline: "Enter the headline.",
      "faqs.1.answer": "Keep the answer to 5,000 characters or fewer: it has 6,000.",
      whoFor: "Enter at least 3 points, one per line.",
    });
    const headline = screen.getByLabelText("Headline");
    expect(headline).toHaveAttribute("aria-invalid", "true");
    expect(headline).toHaveAccessibleDescription(/^Error: ?Enter the headline\.$/);

    const faq = screen.getByRole("group", { name: "FAQ 2" });
    const answer = within(faq).getByLabelText("Answer");
    expect(answer).toHaveAttribute("aria-invalid", "true");
    expect(answer).toHaveAttribute("aria-describedby", "edit-faqs-1-answer-error edit-faqs-1-answer-hint");
    expect(answer).toHaveAccessibleDescription(
      /^Error: ?Keep the answer to 5,000 characters or fewer: it has 6,000\. Plain text; a blank line starts a new paragraph\.$/,
    );
    expect(within(screen.getByRole("group", { name: "FAQ 1" })).getByLabelText("Answer")).not.toHaveAttribute("aria-invalid");

    const whoFor = screen.getByLabelText("Who it is for");
    expect(whoFor.tagName).toBe("TEXTAREA");
    expect(whoFor).toHaveAccessibleDescription(/^Error: ?Enter at least 3 points, one per line\. One point per line\.$/);
  });

  it("errors of a fieldset: a list and a group of checkboxes", () => {
    renderForm("facts", formValues("facts", seed.facts), { "hours.days": "Choose at least one day.", offices: "Add at least one office." });
    const days = screen.getByRole("group", { name: "Open on" });
    expect(days).toHaveAccessibleDescription(/^Error: ?Choose at least one day\.$/);
    for (const box of within(days).getAllByRole("checkbox")) expect(box).toHaveAttribute("aria-invalid", "true");
    expect(within(days).getByRole("checkbox", { name: "Monday" })).toBeChecked();
    expect(within(days).getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
    expect(screen.getByRole("group", { name: "Offices" })).toHaveAccessibleDescription(/^Error: ?Add at least one office\.$/);
  });

  it("shows what was typed, a phone as its display text", () => {
    const values = formValues("facts", seed.facts);
    (values.phones as FormValues).support = "555-0142";
    renderForm("facts", values, { "phones.support": "Enter a phone number with its area code, like (317) 555-0142." });
    const support = within(screen.getByRole("group", { name: "Phones" })).getByLabelText("Support");
    expect(support).toHaveValue("555-0142");
    expect(support).toHaveAttribute("type", "tel");
    expect(support).toHaveAttribute("aria-invalid", "true");
  });

  it("lists: rows as fieldsets, buttons that post their intent without the browser's checks", () => {
    renderForm("service", formValues("service", service));
    const faqs = screen.getByRole("group", { name: "FAQs" });
    expect(
      within(faqs)
        .getAllByRole("group")
        .map((g) => g.querySelector("legend")?.textContent),
    ).toEqual(service.faqs.map((_, i) => `FAQ ${i + 1}`));
    const remove = screen.getByRole("button", { name: "Remove FAQ 2" });
    expect(remove).toHaveAttribute("type", "submit");
    expect(remove).toHaveAttribute("name", "intent");
    expect(remove).toHaveAttribute("value", "remove:faqs.1");
    expect(remove).toHaveAttribute("formnovalidate");
    expect(screen.getByRole("button", { name: "Move up FAQ 2" })).toHaveAttribute("value", "moveUp:faqs.1");
    expect(screen.queryByRole("button", { name: "Move up FAQ 1" })).toBeNull();
    expect(screen.getByRole("button", { name: "Add an FAQ" })).toHaveAttribute("value", "add:faqs");
    // Related services: a select per row, in order.
    const related = screen.getByRole("group", { name: "Related services" });
    expect(
      within(related)
        .getAllByRole("combobox")
        .map((s) => (s as HTMLSelectElement).value),
    ).toEqual(service.related);
    expect(screen.getByRole("button", { name: "Add a service" })).toHaveAttribute("value", "add:related");
  });

  it("no Add at the list's maximum, no Remove at its minimum", () => {
    renderForm("home", formValues("home", seed.home));
    const steps = screen.getByRole("group", { name: /^Approach steps/ });
    expect(within(steps).queryByRole("button", { name: /^Add/ })).toBeNull();
    expect(within(steps).queryByRole("button", { name: /^Remove/ })).toBeNull();
    expect(within(steps).getByRole("button", { name: "Move up Step 4" })).toBeInTheDocument();
  });

  it("Enter in a field sends the default intent, never a list's button: a hidden save comes first", () => {
    const { form } = renderForm("service", formValues("service", service));
    const first = form.querySelector("button")!;
    expect(first).toHaveAttribute("value", "save");
    expect(first).not.toBeVisible();
  });

  it("focuses what a list button's answer names, and renders new values afresh", () => {
    const values = formValues("service", service);
    const result = parseItemForm(
      "service",
      (() => {
        const { form, unmount } = renderForm("service", values);
        const data = new FormData(form);
        unmount();
        data.set("intent", "add:faqs");
        return data;
      })(),
    );
    if (result.ok) throw new Error("A list button saved the form.");
    const { rerender } = renderForm("service", values);
    rerender(
      <form aria-label="Edit">
        <ContentFields fields={fieldsOf("service")} values={result.values} focus={result.focus} idPrefix="edit" />
      </form>,
    );
    const added = screen.getByRole("group", { name: `FAQ ${service.faqs.length + 1}` });
    expect(within(added).getByLabelText("Question")).toHaveFocus();
    expect(within(added).getByLabelText("Question")).toHaveValue("");
  });

  it("testimonials: a box to tick for the home page, an optional role and industry", () => {
    const { form } = renderForm("testimonials", formValues("testimonials", { testimonials: seed.testimonials }));
    const rows = seed.testimonials.map((_, i) => screen.getByRole("group", { name: `Testimonial ${i + 1}` }));
    const home = (i: number) => within(rows[i]).getByRole("checkbox", { name: "Show on the home page" });
    expect(home(0)).toBeChecked();
    expect(home(3)).not.toBeChecked();
    expect(home(0)).toHaveAttribute("value", "yes");
    const industry = within(rows[0]).getByRole("combobox", { name: /^Industry ?\(optional\)$/ });
    expect(industry).not.toBeRequired();
    expect(industry).toHaveValue("healthcare");
    expect(within(industry).getByRole("option", { name: "None" })).toHaveValue("");
    expect(within(rows[1]).getByRole("textbox", { name: /^Role ?\(optional\)$/ })).toHaveValue("");
    expect(within(rows[0]).getByRole("textbox", { name: "Name" })).toBeRequired();
    // An unticked box posts nothing: the form reads it as no.
    const data = new FormData(form);
    expect(data.get("testimonials.0.onHome")).toBe("yes");
    expect(data.has("testimonials.3.onHome")).toBe(false);
  });

  it("a box's error sits beside it", () => {
    const message = "This testimonial would be shown nowhere: tick “Show on the home page”, or choose an industry or a service.";
    renderForm("testimonials", formValues("testimonials", { testimonials: seed.testimonials }), { "testimonials.0.onHome": message });
    const box = within(screen.getByRole("group", { name: "Testimonial 1" })).getByRole("checkbox", { name: "Show on the home page" });
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription(new RegExp(`^Error: ?${message}$`));
  });
});
