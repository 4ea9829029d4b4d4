import { describe, expect, it, vi } from "vitest";

import { fetchWithRetry } from "~/auth/fetch-retry";

const respond = (status: number) => new Response(status === 200 ? "{}" : "x", { status });

describe("fetchWithRetry (docs/requirements/accounts.md#sessions: retry 502/503/504, backoff from 200 ms within 30 s)", () => {
  it("retries 502, 503 and 504 with doubling delays, then returns the answer", async () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fetchImpl = vi.fn(async () => {
      calls.push(Date.now());
      return respond([502, 503, 504, 200][calls.length - 1]);
    });
    const promise = fetchWithRetry("/api/session", undefined, { fetchImpl: fetchImpl as typeof fetch });
    await vi.runAllTimersAsync();
    expect((await promise).status).toBe(200);
    expect(calls.slice(1).map((t, i) => t - calls[i])).toEqual([200, 400, 800]);
    vi.useRealTimers();
  });

  it("does not retry other errors such as 401", async () => {
    const fetchImpl = vi.fn(async () => respond(401));
    expect((await fetchWithRetry("/x", undefined, { fetchImpl: fetchImpl as typeof fetch })).status).toBe(401);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("retries network failures, and gives up when the next try would start after the 30 s window", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const promise = fetchWithRetry("/x", undefined, { fetchImpl: fetchImpl as typeof fetch });
    const settled = expect(promise).rejects.toThrow("Failed to fetch");
    await vi.runAllTimersAsync();
    await settled;
    // 200+400+...+12800 = 25.4 s of waiting fits in 30 s; the next 25.6 s wait would not.
    expect(fetchImpl).toHaveBeenCalledTimes(8);
    vi.useRealTimers();
  });
});
