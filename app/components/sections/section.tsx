import type { ReactNode } from "react";

import { cn } from "~/lib/cn";

import { StaticContent } from "./static-content";

type Tone = "white" | "muted" | "navy";

const tones: Record<Tone, string> = {
  white: "bg-white",
  muted: "bg-navy-50",
  navy: "on-dark bg-navy-900 text-slate-200",
};

/**
 * A page band with an optional heading and intro; the heading names the region. Its content is
 * static (not hydrated, see StaticContent) unless `interactive`: set it when a child has state or
 * event handlers (a form).
 */
export function Section({
  id,
  heading,
  intro,
  tone = "white",
  className,
  interactive = false,
  children,
}: {
  id?: string;
  heading?: string;
  intro?: string;
  tone?: Tone;
  className?: string;
  interactive?: boolean;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  const Inner = interactive ? "div" : StaticContent;
  return (
    <section id={id} aria-labelledby={heading ? headingId : undefined} className={cn(tones[tone], "py-14 sm:py-20", className)}>
      <Inner className="mx-auto max-w-7xl px-4 sm:px-6">
        {heading && (
          <div className="max-w-3xl">
            <h2 id={headingId} className="text-[clamp(1.625rem,1.2rem+1.6vw,2.25rem)] font-bold tracking-tight">
              {heading}
            </h2>
            {intro && <p className={cn("mt-3 text-lg", tone === "navy" ? "text-slate-300" : "text-slate-700")}>{intro}</p>}
          </div>
        )}
        <div className={heading ? "mt-10" : undefined}>{children}</div>
      </Inner>
    </section>
  );
}

/** Paragraph text where blank lines separate paragraphs. */
export function Paragraphs({ text, className }: { text: string | readonly string[]; className?: string }) {
  const paragraphs = typeof text === "string" ? text.split(/\n\s*\n/) : text;
  return (
    <div className={cn("space-y-4", className)}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p.trim()}</p>
      ))}
    </div>
  );
}
