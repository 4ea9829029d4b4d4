import { Icon } from "~/components/ui/icon";
import type { Faq } from "~/content/types";

import { Paragraphs } from "./section";

/**
 * Questions as native disclosure widgets: keyboard and screen-reader friendly without script.
 * `anchors` (the questions page, app/content/faq-anchors.ts) gives each answer an id: a link to it
 * (a site search result) opens its question in the browsers that open a closed disclosure for a
 * fragment inside it, and scrolls to it.
 */
export function FaqList({ faqs, anchors }: { faqs: readonly Faq[]; anchors?: readonly string[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faqs.map((faq, i) => (
        <details key={faq.question} className="group px-5">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-base font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
            <h3 className="text-base font-semibold">{faq.question}</h3>
            <Icon
              name="chevron-down"
              className="size-5 shrink-0 transition-transform duration-150 group-open:rotate-180 motion-reduce:transition-none"
            />
          </summary>
          {anchors?.[i] ? (
            <div id={anchors[i]} className="scroll-mt-48">
              <Paragraphs text={faq.answer} className="max-w-3xl pb-5 text-slate-700" />
            </div>
          ) : (
            <Paragraphs text={faq.answer} className="max-w-3xl pb-5 text-slate-700" />
          )}
        </details>
      ))}
    </div>
  );
}
