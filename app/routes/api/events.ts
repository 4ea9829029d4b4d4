import type { Route } from "./+types/events";

/**
 * POST /api/events: Insights' events from the site's own pages (docs/requirements/insights.md#insights).
 * Public; the collector (app/insights/collect.server.ts) checks, limits and queues them.
 */
export function action({ request, context }: Route.ActionArgs) {
  return context.services.insights.collect(request, context.clientAddress);
}

/** Nothing to read here. */
export function loader() {
  return new Response("Send events with POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
