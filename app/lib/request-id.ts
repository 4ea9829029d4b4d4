/**
 * The header our own server puts the request's id in (server/request-log.ts: a trusted proxy's
 * sane X-Request-Id, else a new UUID; whatever the client sent in this header is replaced): it is
 * sent back as X-Request-Id and is on every log line about the request, so a visitor's report can
 * be matched to the log.
 */
export const REQUEST_ID_HEADER = "x-crossroads-request-id";
