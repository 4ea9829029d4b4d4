/**
 * Webhooks' pure parts (docs/requirements/webhooks.md#webhooks, ADR 031): the address checker of the
 * SSRF guard, class by class (IPv4, IPv6, IPv4-mapped and NAT64, the forms `new URL` normalises),
 * the URL's own rules, the signature against Standard Webhooks' own test vector, the secrets' format
 * and sealing, the message ids, Retry-After, and the setting in the environment schema.
 */
import { describe, expect, it } from "vitest";

import { parseEnv } from "~/env.server";
import {
  checkEndpointUrl,
  checkUrlShape,
  classifyAddress,
  kindAllowed,
  resolveDestination,
  type AddressKind,
  type Resolver,
} from "~/webhooks/address-guard.server";
import { retryAfterMs } from "~/webhooks/deliver.server";
import { eventBody, newMessageId } from "~/webhooks/payload.server";
import { newSigningSecret, SecretBox, SecretUnreadableError, sign, signatureHeader } from "~/webhooks/secrets.server";

const kindOf = (address: string) => classifyAddress(address).kind;

describe("the address checker", () => {
  const cases: [string, AddressKind][] = [
    // IPv4
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.5", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.10", "private"],
    ["169.254.10.20", "link-local"],
    ["100.64.0.1", "shared"],
    ["100.127.255.255", "shared"],
    ["100.128.0.1", "public"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.7", "documentation"],
    ["198.18.0.1", "reserved"],
    // Cloud metadata services
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["192.0.0.192", "metadata"],
    ["fd00:ec2::254", "metadata"],
    // IPv6
    ["2606:4700:4700::1111", "public"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "private"],
    ["fd12:3456:789a::1", "private"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001:0:4136:e378::1", "reserved"],
    ["64:ff9b:1::1", "private"],
    // IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms of the IPv4 classes
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["0:0:0:0:0:ffff:a00:1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::ffff:100.64.0.1", "shared"],
    ["::ffff:8.8.8.8", "public"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["64:ff9b::808:808", "public"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:c0a8:101::1", "private"],
    // Not an address at all
    ["not-an-ip", "reserved"],
    ["127.0.0.256", "reserved"],
  ];
  for (const [address, kind] of cases) it(`${address} is ${kind}`, () => expect(kindOf(address)).toBe(kind));

  it("the forms new URL normalises (decimal, octal, hex, short, bracketed) reach the checker as the address they are", () => {
    const hosts: [string, AddressKind][] = [
      ["https://2130706433/", "loopback"],
      ["https://0177.0.0.1/", "loopback"],
      ["https://0x7f.0.0.1/", "loopback"],
      ["https://0x7f000001/", "loopback"],
      ["https://127.1/", "loopback"],
      ["https://017700000001/", "loopback"],
      ["https://2852039166/", "metadata"],
      ["https://0xA9.0xFE.0xA9.0xFE/", "metadata"],
      ["https://[::ffff:127.0.0.1]/", "loopback"],
      ["https://[0:0:0:0:0:ffff:169.254.169.254]/", "metadata"],
      ["https://[::]/", "unspecified"],
      ["https://0/", "unspecified"],
      ["https://10.1/", "private"],
      ["https://%31%32%37.0.0.1/", "loopback"],
    ];
    for (const [raw, kind] of hosts) expect(kindOf(new URL(raw).hostname), raw).toBe(kind);
  });

  it("without the setting only public addresses are allowed; with it, the intranet's too, never metadata or the rest", () => {
    const intranet: AddressKind[] = ["loopback", "private", "link-local", "shared"];
    const never: AddressKind[] = ["metadata", "unspecified", "multicast", "documentation", "reserved"];
    expect(kindAllowed("public", false)).toBe(true);
    for (const kind of [...intranet, ...never]) expect(kindAllowed(kind, false), kind).toBe(false);
    for (const kind of intranet) expect(kindAllowed(kind, true), kind).toBe(true);
    for (const kind of never) expect(kindAllowed(kind, true), kind).toBe(false);
  });
});

describe("endpoint URLs", () => {
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    async (host) => {
      const addresses = table[host];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };

  it("wants https (http only with the setting), no credentials, a host", () => {
    expect(checkUrlShape("https://hooks.example.com/x", false).ok).toBe(true);
    expect(checkUrlShape("http://hooks.example.com/x", false)).toMatchObject({ ok: false, message: expect.stringContaining("https") });
    expect(checkUrlShape("http://hooks.example.com/x", true).ok).toBe(true);
    expect(checkUrlShape("ftp://hooks.example.com/x", true)).toMatchObject({ ok: false });
    expect(checkUrlShape("https://user:pass@hooks.example.com/x", false)).toMatchObject({
      ok: false,
      message: expect.stringContaining("user name and password"),
    });
    expect(checkUrlShape("https://token@hooks.example.com/x", false).ok).toBe(false);
    expect(checkUrlShape("hooks.example.com/x", false)).toMatchObject({ ok: false, message: expect.stringContaining("https://") });
    // A port of its own is fine; the fragment is dropped (never sent).
    const shaped = checkUrlShape("https://hooks.example.com:8443/a?b=1#frag", false);
    expect(shaped.ok && shaped.url.toString()).toBe("https://hooks.example.com:8443/a?b=1");
  });

  it("a name is checked by every address it resolves to", async () => {
    const resolve = resolver({
      "crm.example.com": ["93.184.216.34"],
      "mixed.example.com": ["93.184.216.34", "10.0.0.7"],
      "inside.example.com": ["192.168.10.4"],
      "v6.example.com": ["2606:4700::1"],
      "mapped.example.com": ["::ffff:169.254.169.254"],
    });
    const check = (url: string, allowPrivate = false) => checkEndpointUrl(url, { allowPrivate, resolve });
    expect((await check("https://crm.example.com/hook")).ok).toBe(true);
    expect((await check("https://v6.example.com/hook")).ok).toBe(true);
    expect(await check("https://mixed.example.com/hook")).toMatchObject({
      ok: false,
      message: expect.stringContaining("mixed.example.com resolves to 10.0.0.7, a private network address"),
    });
    expect(await check("https://inside.example.com/hook")).toMatchObject({
      ok: false,
      message: expect.stringContaining("WEBHOOK_ALLOW_PRIVATE_NETWORKS=1"),
    });
    expect((await check("https://inside.example.com/hook", true)).ok).toBe(true);
    expect(await check("https://mapped.example.com/hook", true)).toMatchObject({ ok: false, message: expect.stringContaining("metadata") });
    expect(await check("https://nowhere.example.com/hook")).toMatchObject({
      ok: false,
      message: "The host name nowhere.example.com was not found.",
    });
  });

  it("an IP address is checked as it is, without a lookup", async () => {
    const resolve: Resolver = async () => {
      throw new Error("no lookup expected");
    };
    expect(await checkEndpointUrl("https://169.254.169.254/latest/meta-data", { allowPrivate: true, resolve })).toMatchObject({
      ok: false,
      message: expect.stringContaining("169.254.169.254 is a cloud metadata service address"),
    });
    expect(await checkEndpointUrl("https://[::1]:8443/", { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
      message: expect.stringContaining("loopback"),
    });
    expect(await checkEndpointUrl("https://2130706433/", { allowPrivate: false, resolve })).toMatchObject({ ok: false });
    expect((await checkEndpointUrl("http://127.0.0.1:9999/", { allowPrivate: true, resolve })).ok).toBe(true);
    expect(await resolveDestination(new URL("https://8.8.8.8/"), { allowPrivate: false, resolve })).toEqual({
      ok: true,
      address: { address: "8.8.8.8", family: 4 },
    });
  });

  it("localhost, through the system's resolver, is refused without the setting", async () => {
    expect(await checkEndpointUrl("https://localhost:8443/hook", { allowPrivate: false })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/),
    });
  });
});

describe("signatures and secrets", () => {
  it("signs as Standard Webhooks' own test vector", () => {
    expect(sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("puts one signature per secret in the header, space-separated", () => {
    const header = signatureHeader(["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", newSigningSecret()], "msg_x", 1, "{}");
    expect(header.split(" ")).toHaveLength(2);
    for (const part of header.split(" ")) expect(part).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it("makes whsec_ secrets of 32 random bytes", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it("seals a secret so that only the same server secret and endpoint open it", () => {
    const box = new SecretBox("unit-tests-server-secret-0123456789abcdef");
    const secret = newSigningSecret();
    const sealed = box.seal(secret, "endpoint-a");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box.open(sealed, "endpoint-a")).toBe(secret);
    expect(() => box.open(sealed, "endpoint-b")).toThrow(SecretUnreadableError);
    expect(() => new SecretBox("another-server-secret-0123456789abcdef!!").open(sealed, "endpoint-a")).toThrow(SecretUnreadableError);
    expect(() => box.open("v1:AAAA", "endpoint-a")).toThrow(SecretUnreadableError);
  });
});

describe("messages", () => {
  it("ids are msg_ and a ULID, without a full stop, sorting by time", () => {
    const a = newMessageId(1_700_000_000_000);
    const b = newMessageId(1_700_000_000_001);
    expect(a).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(a < b).toBe(true);
  });

  it("the body is {type, timestamp, data}, minified", () => {
    expect(eventBody("lead.created", new Date("2026-11-29T12:00:00.123Z"), { id: "x" })).toBe(
      '{"type":"lead.created","timestamp":"2026-11-29T12:00:00.123Z","data":{"id":"x"}}',
    );
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("120")).toBe(120_000);
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString(), Date.now())).toBeGreaterThan(55_000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe("WEBHOOK_ALLOW_PRIVATE_NETWORKS", () => {
  it("is off unless 1, and refuses anything but 0 or 1", () => {
    expect(parseEnv({}).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(false);
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "0" }).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(false);
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" }).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(true);
    expect(() => parseEnv({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "yes" })).toThrow(/WEBHOOK_ALLOW_PRIVATE_NETWORKS/);
  });
});
