/** "Chrome on Windows": a short name of the browser and system in a user agent, for lists (docs/requirements/accounts.md#audit-log). */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Chrome\/|Chromium\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** The browser's family alone ("Chrome", "Safari"...), "Other" for anything else: what Insights keeps (docs/requirements/insights.md#insights). */
export function browserFamily(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  return BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? "Other";
}

export function browserName(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").trim();
  if (!ua) return "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  // Not a browser (a script, curl): its own first word.
  const name = browser ?? (/^Mozilla\//.test(ua) ? "Browser" : ua.split(/[\s/;(]/)[0].slice(0, 24) || "Unknown");
  return system ? `${name} on ${system}` : name;
}
