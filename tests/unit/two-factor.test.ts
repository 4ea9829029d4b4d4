/** Two-factor sign-in's pure parts (docs/requirements/accounts.md#two-factor-sign-in): reading a typed code, the setup address, the QR code. */
import { createOTP } from "@better-auth/utils/otp";
import { describe, expect, it, vi } from "vitest";

import { codeStepPath, twoFactorSetupPath } from "~/auth/redirect";
import { backupCodesText, groupSecret, parseCode, parseTotpUri, qrCodePath } from "~/auth/two-factor.server";

import { secretOf, totp } from "../two-factor";

const URI =
  "otpauth://totp/Crossroads%20IT:tech%40crossroadsit.example?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Crossroads+IT&digits=6&period=30";

describe("parseCode", () => {
  it("reads a six-digit code with the spaces or dashes an app or a paste adds", () => {
    for (const typed of ["123456", " 123 456 ", "123-456", "123\u00a0456", "12 34 56\n"])
      expect(parseCode(typed)).toEqual({ kind: "totp", code: "123456" });
  });
  it("reads a backup code with or without its dash, keeping its case", () => {
    expect(parseCode("aB3dE-fG5hJ")).toEqual({ kind: "backup", code: "aB3dE-fG5hJ" });
    expect(parseCode("aB3dEfG5hJ")).toEqual({ kind: "backup", code: "aB3dE-fG5hJ" });
    expect(parseCode(" aB3dE fG5hJ ")).toEqual({ kind: "backup", code: "aB3dE-fG5hJ" });
  });
  it("refuses anything else", () => {
    for (const typed of ["", "12345", "1234567", "12345a", "abc", "aB3dE-fG5hJk", "12\u0000456", "1".repeat(65), null, 123456])
      expect(parseCode(typed)).toBeNull();
  });
});

describe("parseTotpUri", () => {
  it("takes an otpauth://totp address and its base32 secret", () => {
    expect(parseTotpUri(URI)).toEqual({ uri: URI, secret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" });
  });
  it("refuses other addresses and broken secrets", () => {
    for (const value of [
      "https://evil.example/?secret=GEZDGNBVGY3TQOJQ",
      "otpauth://hotp/x?secret=GEZDGNBVGY3TQOJQ",
      "otpauth://totp/x?secret=not-base32!",
      "otpauth://totp/x",
      `otpauth://totp/x?secret=${"A".repeat(600)}`,
      "javascript:alert(1)",
      42,
    ])
      expect(parseTotpUri(value)).toBeNull();
  });
});

it("groups the secret in fours for typing", () => {
  expect(groupSecret("GEZDGNBVGY3TQOJQGE")).toBe("GEZD GNBV GY3T QOJQ GE");
});

it("draws the QR code as one path of unit squares inside a quiet zone", () => {
  const { size, d } = qrCodePath(URI);
  expect(size).toBeGreaterThanOrEqual(21 + 8);
  expect(d).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
  // The top-left finder pattern starts after the 4-module quiet zone.
  expect(d.startsWith("M4 4h1v1h-1z")).toBe(true);
});

it("writes backup codes one a line under a heading", () => {
  expect(backupCodesText(["aaaaa-bbbbb", "ccccc-ddddd"], "Crossroads IT", "tech@x.example").split("\n")).toEqual([
    "Crossroads IT: backup codes for tech@x.example",
    "Each code works once. Keep them somewhere safe.",
    "",
    "aaaaa-bbbbb",
    "ccccc-ddddd",
    "",
  ]);
});

it("keeps where the user was going, on this site only", () => {
  expect(twoFactorSetupPath("/admin/leads?q=x")).toBe("/account/two-factor?required=1&redirectTo=%2Fadmin%2Fleads%3Fq%3Dx");
  expect(codeStepPath("/admin/docs")).toBe("/auth/two-factor?redirectTo=%2Fadmin%2Fdocs");
  expect(codeStepPath("https://evil.example/")).toBe("/auth/two-factor");
  expect(codeStepPath("/")).toBe("/auth/two-factor");
});

describe("the tests' TOTP helper", () => {
  it("matches RFC 6238's test vector", () => {
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 (8 digits), so 287082 with 6.
    expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 59_000)).toBe("287082");
    expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 1_111_111_109_000)).toBe("081804");
  });
  it("agrees with better-auth's own verifier", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-23T10:00:10Z") });
    try {
      const raw = "abcdefghijklmnopqrstuvwxyz012345";
      const uri = createOTP(raw).url("Crossroads IT", "tech@crossroadsit.example");
      expect(await createOTP(raw).verify(totp(secretOf(uri)))).toBe(true);
      expect(await createOTP(raw).totp()).toBe(totp(secretOf(uri)));
    } finally {
      vi.useRealTimers();
    }
  });
});
