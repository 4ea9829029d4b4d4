import { describe, expect, it } from "vitest";

import { clientAddress } from "../../server/client-address";

describe("the client address sign-in rate limits key on", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.7", false)).toBe("198.51.100.7");
  });
  it("behind a trusted proxy, is the entry that proxy appended, not one the client wrote", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
    expect(clientAddress("1.2.3.4, 203.0.113.9", "10.0.0.1", true)).toBe("203.0.113.9");
    expect(clientAddress(["1.2.3.4", "203.0.113.9"], "10.0.0.1", true)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "10.0.0.1", true)).toBe("203.0.113.9");
  });
  it("falls back to the socket when the header is missing or empty", () => {
    expect(clientAddress(undefined, "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientAddress(" , ", "10.0.0.1", true)).toBe("10.0.0.1");
  });
});
