/**
 * The role check of the admin area's CSV downloads (leads, audit log, Insights tables): a refusal
 * answered as text, since a file download has no page to show Access Denied on. The file itself is
 * app/lib/csv-download.server.ts.
 */
import { plainText } from "~/lib/csv-download.server";

import { ACCESS_DENIED_TEXT } from "./access-denied";
import type { GuardServices } from "./session.server";

/** A file download has no page to show Access Denied on: the same 403, as text. Null when allowed. */
export async function csvGuard(check: () => Promise<unknown>): Promise<Response | null> {
  try {
    await check();
    return null;
  } catch (error) {
    const status = (error as { init?: ResponseInit | null })?.init?.status;
    if (status !== 403) throw error; // no session: the redirect to sign-in; or a real failure
    return plainText(403, `${ACCESS_DENIED_TEXT.title}. ${ACCESS_DENIED_TEXT.text}.`);
  }
}

/**
 * The loader of an admin CSV download (leads, audit log, Insights tables): the role check first,
 * a refusal answered as text (csvGuard), then the file.
 */
export function csvLoader<Args extends { request: Request; context: { services: GuardServices } }>(
  guard: (services: GuardServices, request: Request) => Promise<unknown>,
  download: (args: Args) => Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => (await csvGuard(() => guard(args.context.services, args.request))) ?? download(args);
}
