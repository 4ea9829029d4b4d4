/**
 * Bad input to the public sign-in endpoints (/api/auth/*, app/routes/api/auth.ts) is a 4xx with a
 * clear JSON answer and no ERROR line in the server's log (docs/requirements/public-site.md#errors): a NUL or a
 * control character in a field, a field of the wrong kind or too long, a body that is not JSON, an
 * untrusted Origin, a `javascript:` callbackURL. Both databases.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { createStaffUser } from "~/auth/users.server";
import { configureLog } from "~/lib/log.server";
import { action } from "~/routes/api/auth";

import { backends, loadContext, openFreshDatabase } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const EMAIL = "input@crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";

/** Every line the server logs while a test runs. */
let lines: string[] = [];

async function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "203.0.113.77", ...headers },
    body,
  });
  return (await action({ request, params: {}, context: await loadContext(request) } as never)) as Response;
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`bad input to the sign-in endpoints on ${backend.name}`, () => {
    let closeFresh = async () => {};

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "auth-input");
      await createStaffUser((await loadContext()).services, { email: EMAIL, password: PASSWORD });
      configureLog({ format: "text", level: "info", write: (line) => lines.push(line) });
    });

    afterEach(() => {
      lines = [];
    });

    afterAll(async () => {
      configureLog({ format: "text", level: "info" });
      await closeFresh();
    });

    it("refuses a NUL or control character, a wrong kind, an over-long value or a body that is not a JSON object with 400, and logs no error", async () => {
      const bodies: [string, string][] = [
        ["/sign-in/email", JSON.stringify({ email: `in\u0000put@crossroadsit.example`, password: PASSWORD })],
        ["/sign-in/email", JSON.stringify({ email: EMAIL, password: `Correct\u0000Horse` })],
        ["/sign-in/email", JSON.stringify({ email: `input@crossroadsit.example\u001b[2J`, password: PASSWORD })],
        ["/sign-in/email", JSON.stringify({ email: 42, password: PASSWORD })],
        ["/sign-in/email", JSON.stringify({ email: [EMAIL], password: PASSWORD })],
        ["/sign-in/email", JSON.stringify({ email: EMAIL, password: { $ne: "" } })],
        ["/sign-in/email", JSON.stringify({ email: `${"a".repeat(10_000)}@crossroadsit.example`, password: PASSWORD })],
        ["/sign-in/email", JSON.stringify({ email: EMAIL, password: "x".repeat(5_000) })],
        ["/sign-in/email", JSON.stringify({ email: EMAIL, password: PASSWORD, rememberMe: "yes" })],
        ["/sign-in/email", JSON.stringify({ email: EMAIL, password: PASSWORD, role: "admin" })],
        ["/sign-in/email", JSON.stringify([EMAIL, PASSWORD])],
        ["/sign-in/email", "null"],
        ["/sign-in/email", `{"email": "${EMAIL}", "password": `],
        ["/sign-in/email", ""],
        ["/two-factor/verify-totp", JSON.stringify({ code: "123\u0000456" })],
        ["/two-factor/verify-totp", JSON.stringify({ code: 123456 })],
        ["/two-factor/verify-backup-code", JSON.stringify({ code: "x".repeat(1_000) })],
      ];
      const answers = await Promise.all(bodies.map(([path, body]) => post(path, body)));
      for (const [i, answer] of answers.entries()) {
        expect(answer.status, `${bodies[i][0]} ${bodies[i][1].slice(0, 80)}`).toBe(400);
        const json = (await answer.json()) as { code?: string; message?: string };
        expect(json.code).toBe("INVALID_REQUEST");
        expect(json.message).toMatch(/\w/);
      }
      // Sent as a form, not JSON.
      const form = await post("/sign-in/email", new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(), {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(form.status).toBe(400);
      expect(lines.filter((line) => / ERROR /.test(line))).toEqual([]);
      // The right password still signs in: the checks refuse only what no sign-in sends.
      expect((await post("/sign-in/email", JSON.stringify({ email: EMAIL, password: PASSWORD, rememberMe: false }))).status).toBe(200);
    });

    it("refuses an untrusted Origin and a javascript: callbackURL with 403, logging a warning, not an error", async () => {
      const [origin, referer, callback, crossSite] = await Promise.all([
        post("/sign-in/email", JSON.stringify({ email: EMAIL, password: PASSWORD }), { origin: "https://evil.example", cookie: "a=b" }),
        post("/sign-in/email", JSON.stringify({ email: EMAIL, password: PASSWORD }), {
          origin: "",
          referer: "https://evil.example/login",
          cookie: "a=b",
        }),
        post(
          "/sign-in/email",
          JSON.stringify({ email: EMAIL, password: "Wrong-Password-Guess-99", callbackURL: "javascript:alert(document.cookie)" }),
        ),
        post("/sign-in/email", JSON.stringify({ email: EMAIL, password: PASSWORD }), {
          origin: "",
          "sec-fetch-site": "cross-site",
          "sec-fetch-mode": "navigate",
        }),
      ]);
      expect(origin.status).toBe(403);
      expect(origin.headers.getSetCookie()).toEqual([]);
      expect(referer.status).toBe(403);
      expect(callback.status).toBe(403);
      expect(crossSite.status).toBe(403);
      expect(lines.filter((line) => / ERROR /.test(line))).toEqual([]);
      expect(lines.filter((line) => / WARN /.test(line)).length).toBeGreaterThanOrEqual(4);
      expect(lines.join("\n")).not.toContain("javascript:");
    });
  });
}
