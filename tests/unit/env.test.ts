/** Server configuration: sane defaults, and a readable stop on a bad value. */
import { describe, expect, it } from "vitest";

import { EnvError, parseEnv, secureCookies, webConcurrency } from "~/env.server";

function errorOf(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv", () => {
  it("defaults PORT to 3000 and SITE_URL to the placeholder origin", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBe("https://www.crossroadsit.example");
    expect(env.GTM_ID).toBeUndefined();
  });

  it("reads PORT as a number and keeps a valid SITE_URL", () => {
    const env = parseEnv({ PORT: "8080", SITE_URL: "https://staging.example.com" });
    expect(env.PORT).toBe(8080);
    expect(env.SITE_URL).toBe("https://staging.example.com");
  });

  it("removes a trailing slash from SITE_URL", () => {
    expect(parseEnv({ SITE_URL: "https://www.example.com/" }).SITE_URL).toBe("https://www.example.com");
    expect(parseEnv({ SITE_URL: "https://www.example.com//" }).SITE_URL).toBe("https://www.example.com");
  });

  it.each(["abc", "70000", "0", "3.5"])("rejects PORT=%s with an EnvError naming PORT", (port) => {
    expect(errorOf({ PORT: port }).message).toContain("PORT");
  });

  it.each(["not a url", "www.example.com", "ftp://files.example.com"])("rejects SITE_URL=%s with an EnvError naming SITE_URL", (url) => {
    const error = errorOf({ SITE_URL: url });
    expect(error.message).toContain("SITE_URL");
    expect(error.message).not.toContain("PORT");
  });

  it.each(["gtm-abc1234", "GTM-", "UA-12345-1", "GTM-ABC 123"])("rejects GTM_ID=%s with an EnvError naming GTM_ID", (id) => {
    expect(errorOf({ GTM_ID: id }).message).toContain("GTM_ID");
  });

  it("accepts a well-formed GTM_ID", () => {
    expect(parseEnv({ GTM_ID: "GTM-ABC1234" }).GTM_ID).toBe("GTM-ABC1234");
  });

  it("treats an empty or blank GTM_ID as unset", () => {
    expect(parseEnv({ GTM_ID: "" }).GTM_ID).toBeUndefined();
    expect(parseEnv({ GTM_ID: "   " }).GTM_ID).toBeUndefined();
  });

  it("names every bad variable at once", () => {
    const error = errorOf({ PORT: "abc", SITE_URL: "nope", GTM_ID: "bad" });
    for (const name of ["PORT", "SITE_URL", "GTM_ID"]) expect(error.message).toContain(name);
  });
});

describe("SECURE_COOKIES", () => {
  const https = "https://www.example.com";
  it("marks session cookies Secure in production behind an https proxy on loopback, as on a public address", () => {
    expect(secureCookies(parseEnv({ NODE_ENV: "production", SITE_URL: https, TRUST_PROXY: "1" }))).toBe(true);
    expect(secureCookies(parseEnv({ NODE_ENV: "production", SITE_URL: https, HOST: "0.0.0.0" }))).toBe(true);
  });
  it("does not on loopback without a proxy (npm start on a laptop), in development, or when told not to", () => {
    expect(secureCookies(parseEnv({ NODE_ENV: "production", SITE_URL: https }))).toBe(false);
    expect(secureCookies(parseEnv({ NODE_ENV: "production", SITE_URL: "http://intranet.example", TRUST_PROXY: "1" }))).toBe(false);
    expect(secureCookies(parseEnv({ SITE_URL: https, TRUST_PROXY: "1" }))).toBe(false);
    expect(secureCookies(parseEnv({ NODE_ENV: "production", SITE_URL: https, TRUST_PROXY: "1", SECURE_COOKIES: "0" }))).toBe(false);
    expect(secureCookies(parseEnv({ SECURE_COOKIES: "1" }))).toBe(true);
  });
  it("refuses a value other than 0 or 1", () => {
    expect(errorOf({ SECURE_COOKIES: "yes" }).message).toContain("SECURE_COOKIES");
  });
});

describe("WEB_CONCURRENCY, SHUTDOWN_GRACE_SECONDS, OUTBOX_LEASE_SECONDS", () => {
  const PG = "postgres://app@db.internal/site";

  it("runs one process per core on PostgreSQL and one on the embedded database by default", () => {
    expect(webConcurrency(parseEnv({ DATABASE_URL: PG }), 4)).toBe(4);
    expect(webConcurrency(parseEnv({}), 4)).toBe(1);
    expect(webConcurrency(parseEnv({ DATABASE_URL: PG, WEB_CONCURRENCY: "2" }), 4)).toBe(2);
    expect(webConcurrency(parseEnv({ WEB_CONCURRENCY: "1" }), 4)).toBe(1);
  });

  it("refuses more than one process on the embedded database, saying why and what to do", () => {
    const message = errorOf({ WEB_CONCURRENCY: "2" }).message;
    expect(message).toContain("WEB_CONCURRENCY");
    expect(message).toContain("embedded database");
    expect(message).toContain("DATABASE_URL");
  });

  it.each(["0", "-1", "two", "1.5", "1000"])("rejects WEB_CONCURRENCY=%s", (value) => {
    expect(errorOf({ DATABASE_URL: PG, WEB_CONCURRENCY: value }).message).toContain("WEB_CONCURRENCY");
  });

  it("gives requests 10 s to finish on shutdown and outbox claims a 5-minute lease by default", () => {
    const env = parseEnv({});
    expect(env.SHUTDOWN_GRACE_SECONDS).toBe(10);
    expect(env.OUTBOX_LEASE_SECONDS).toBe(300);
    expect(parseEnv({ SHUTDOWN_GRACE_SECONDS: "30", OUTBOX_LEASE_SECONDS: "5" })).toMatchObject({
      SHUTDOWN_GRACE_SECONDS: 30,
      OUTBOX_LEASE_SECONDS: 5,
    });
    expect(errorOf({ SHUTDOWN_GRACE_SECONDS: "-1" }).message).toContain("SHUTDOWN_GRACE_SECONDS");
    expect(errorOf({ OUTBOX_LEASE_SECONDS: "1" }).message).toContain("OUTBOX_LEASE_SECONDS");
  });

  it("keeps Insights' events 30 days by default, a whole number of days when set", () => {
    expect(parseEnv({}).INSIGHTS_RETENTION_DAYS).toBe(30);
    expect(parseEnv({ INSIGHTS_RETENTION_DAYS: "90" }).INSIGHTS_RETENTION_DAYS).toBe(90);
    expect(parseEnv({ INSIGHTS_RETENTION_DAYS: " " }).INSIGHTS_RETENTION_DAYS).toBe(30);
    for (const value of ["0", "-3", "1.5", "a month"]) {
      expect(errorOf({ INSIGHTS_RETENTION_DAYS: value }).message).toContain("INSIGHTS_RETENTION_DAYS");
    }
  });

  it("keeps at most 5,000 Insights events a minute and 200,000 a day by default, whole numbers when set", () => {
    expect(parseEnv({})).toMatchObject({ INSIGHTS_EVENTS_PER_MINUTE: 5_000, INSIGHTS_EVENTS_PER_DAY: 200_000 });
    expect(parseEnv({ INSIGHTS_EVENTS_PER_MINUTE: "100", INSIGHTS_EVENTS_PER_DAY: "1000" })).toMatchObject({
      INSIGHTS_EVENTS_PER_MINUTE: 100,
      INSIGHTS_EVENTS_PER_DAY: 1_000,
    });
    for (const name of ["INSIGHTS_EVENTS_PER_MINUTE", "INSIGHTS_EVENTS_PER_DAY"])
      for (const value of ["0", "-1", "2.5", "lots"]) expect(errorOf({ [name]: value }).message).toContain(name);
  });
});
