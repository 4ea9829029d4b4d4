import { RETRY_INITIAL_DELAY_MS, RETRY_STATUSES, RETRY_WINDOW_MS } from "~/auth/config";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * fetch() that retries network failures and 502/503/504 with exponential backoff (200 ms, 400 ms,
 * 800 ms, ...) while the next try still starts within the window. Other answers are returned as is.
 */
export async function fetchWithRetry(
  input: RequestInfo | URL,
  init?: RequestInit,
  options: { initialDelayMs?: number; windowMs?: number; fetchImpl?: typeof fetch; now?: () => number } = {},
): Promise<Response> {
  const { initialDelayMs = RETRY_INITIAL_DELAY_MS, windowMs = RETRY_WINDOW_MS, fetchImpl = fetch, now = Date.now } = options;
  const started = now();
  for (let delay = initialDelayMs; ; delay *= 2) {
    let retryable: unknown;
    try {
      const response = await fetchImpl(input, init);
      if (!(RETRY_STATUSES as readonly number[]).includes(response.status)) return response;
      retryable = response;
    } catch (error) {
      retryable = error;
    }
    if (now() - started + delay > windowMs) {
      if (retryable instanceof Response) return retryable;
      throw retryable;
    }
    await sleep(delay);
  }
}
