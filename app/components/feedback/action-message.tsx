import { useEffect, useRef, type ReactNode } from "react";

import type { ActionResult } from "~/lib/action-result";
import { cn } from "~/lib/cn";

const TONES = {
  ok: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  confirm: "border-amber-300 bg-amber-50 text-amber-950",
};

/**
 * An admin action's answer above the page: a status when it worked, an alert when it did not or
 * asks for a confirmation (`children`: the confirmation's buttons). It takes the focus when it
 * appears or changes (unless `focus` is false), so a keyboard or screen reader user hears it.
 */
export function ActionMessage({
  result,
  showCode = false,
  focus = true,
  details = result.ok === false ? result.details : undefined,
  margin = "mt-4",
  className,
  children,
}: {
  result: Pick<ActionResult, "ok" | "message"> & { code?: string; details?: string[] };
  /** Prefix the message with the failure's code ("weak_password: ..."). */
  showCode?: boolean;
  focus?: boolean;
  /** Lines listed under the message; default: a failure's own details. */
  details?: string[];
  /** Its outer margin (default mt-4, below what comes before it). */
  margin?: string;
  className?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [result, focus]);
  const tone = result.ok === true ? TONES.ok : result.ok === "confirm" ? TONES.confirm : TONES.error;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={result.ok === true ? "status" : "alert"}
      className={cn(margin, "rounded-md border p-3 text-sm", tone, className)}
    >
      <p className="font-semibold">
        {showCode && result.ok === false && result.code ? `${result.code}: ` : ""}
        {result.message}
      </p>
      {details && details.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {details.map((line, i) => (
            <li key={`${i}-${line}`}>{line}</li>
          ))}
        </ul>
      )}
      {children && <div className="mt-3 flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
