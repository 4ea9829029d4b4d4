/**
 * The loader of an admin CSV download (leads, audit log, Insights tables): the role check first,
 * a refusal answered as text (csvGuard: a download has no page to show it on), then the file.
 */
import type { GuardServices } from "~/auth/session.server";

import { csvGuard } from "./csv-download.server";

export function csvLoader<Args extends { request: Request; context: { services: GuardServices } }>(
  guard: (services: GuardServices, request: Request) => Promise<unknown>,
  download: (args: Args) => Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => (await csvGuard(() => guard(args.context.services, args.request))) ?? download(args);
}
