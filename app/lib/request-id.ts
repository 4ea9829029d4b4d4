/**
 * The id our own server gives each request (never taken from the client): it is sent back as
 * X-Request-Id and starts every log line about the request, so a visitor's report can be matched
 * to the log.
 */
export const REQUEST_ID_HEADER = "x-crossroads-request-id";

export const requestIdOf = (request: Pick<Request, "headers">): string => request.headers.get(REQUEST_ID_HEADER) ?? "-";
