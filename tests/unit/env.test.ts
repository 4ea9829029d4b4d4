/** Server configuration: sane defaults, and a readable stop on a bad value. */
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/env.server";

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
