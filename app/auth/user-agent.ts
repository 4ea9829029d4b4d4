/**
 * "Chrome 131" and "Windows" from a User-Agent header, for the account page's list of sessions
 * (docs/requirements/accounts.md#account-page). Only the common browsers and systems, tested in order (Edge
 * and Opera say "Chrome" too, every Chromium says "Safari"); anything else is named as unknown.
 */
export interface UserAgentSummary {
  browser: string;
  system: string;
}

const BROWSERS: [name: string, pattern: RegExp][] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|OPiOS)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:[.\d]*)? (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ["iPadOS", /\biPad\b/],
  ["iOS", /\biPhone\b|\biPod\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b|\bX11\b/],
];

export function describeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = (userAgent ?? "").slice(0, 512);
  let browser = "Unknown browser";
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? "Unknown system";
  return { browser, system };
}
