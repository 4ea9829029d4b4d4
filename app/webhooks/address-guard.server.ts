/**
 * The webhooks' guard against server-side request forgery (docs/requirements/webhooks.md#webhook-addresses,
 * ADR 031): an endpoint must be an https URL without credentials whose host is, or resolves only
 * to, public internet addresses. Checked when an endpoint is saved, and again before every
 * attempt, after resolving the name: the attempt then connects to the very address checked (no
 * second lookup a rebinding DNS server could answer differently).
 *
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 also allows loopback, private (RFC 1918, IPv6 unique local),
 * link-local and carrier-grade NAT addresses, and plain http, for an intranet CRM (and the tests).
 * Cloud metadata addresses, 0.0.0.0/8, ::, multicast, broadcast, documentation and other reserved
 * ranges are refused whatever the setting: no receiver lives there.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** What an address is, for the refusal's words. */
export type AddressKind =
  "public" | "loopback" | "private" | "link-local" | "shared" | "unspecified" | "multicast" | "documentation" | "reserved" | "metadata";

/** The kinds WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 lets through (an intranet's). */
const INTRANET_KINDS: ReadonlySet<AddressKind> = new Set(["public", "loopback", "private", "link-local", "shared"]);

const DESCRIPTIONS: Record<Exclude<AddressKind, "public">, string> = {
  loopback: "a loopback address (this server itself)",
  private: "a private network address",
  "link-local": "a link-local address",
  shared: "a carrier-grade NAT address (100.64.0.0/10)",
  unspecified: "not a destination address",
  multicast: "a multicast address",
  documentation: "an address reserved for documentation",
  reserved: "a reserved address, not on the internet",
  metadata: "a cloud metadata service address",
};

export interface Classified {
  kind: AddressKind;
  /** The IPv4 address an IPv6 one carries (IPv4-mapped, NAT64, 6to4), when that decided the kind. */
  via?: string;
}

// --- IPv4 -----------------------------------------------------------------------------------

/** Cloud metadata services (AWS, Azure, GCP; ECS and EKS credentials; Alibaba; Oracle). */
const METADATA_V4 = new Set(["169.254.169.254", "169.254.170.2", "169.254.170.23", "100.100.100.200", "192.0.0.192"]);

const V4_RANGES: [string, number, AddressKind][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

/** The 32-bit value of a dotted quad in canonical form (what DNS and `new URL` give); null otherwise. */
function v4Value(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

const V4_PARSED = V4_RANGES.map(([base, bits, kind]) => ({ base: v4Value(base)!, bits, kind }));

const inV4Range = (value: number, base: number, bits: number) =>
  bits === 0 || Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));

const v4Text = (value: number) => [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");

function classifyV4(value: number): AddressKind {
  if (METADATA_V4.has(v4Text(value))) return "metadata";
  for (const range of V4_PARSED) if (inV4Range(value, range.base, range.bits)) return range.kind;
  return "public";
}

// --- IPv6 -----------------------------------------------------------------------------------

/** The eight 16-bit groups of an IPv6 address (a zone and brackets allowed); null when it is not one. */
export function v6Groups(input: string): number[] | null {
  let text = input.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (isIP(text) !== 6) return null;
  // A dotted IPv4 at the end (::ffff:127.0.0.1) stands for the last two groups.
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (last.includes(".")) {
    const value = v4Value(last);
    if (value === null) return null;
    text = `${text.slice(0, lastColon + 1)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => 0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address in the last 32 bits of `groups`. */
const lastV4 = (groups: number[]) => groups[6] * 65536 + groups[7];

const METADATA_V6 = ["fd00:ec2::254", "fd00:ec2::23", "fd20:ce::254"].map((a) => v6Groups(a)!.join(":"));

function classifyV6(groups: number[]): Classified {
  const [g0, g1, g2, g3, g4, g5, , g7] = groups;
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (METADATA_V6.includes(groups.join(":"))) return { kind: "metadata" };
  if (zeroTo(8)) return { kind: "unspecified" };
  if (zeroTo(7) && g7 === 1) return { kind: "loopback" };
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, deprecated): the IPv4 address decides.
  if (zeroTo(5) && (g5 === 0xffff || g5 === 0)) {
    const v4 = lastV4(groups);
    const kind = classifyV4(v4);
    return { kind: g5 === 0 && kind === "public" ? "reserved" : kind, via: v4Text(v4) };
  }
  // 64:ff9b::/96, NAT64 of the well-known prefix: the IPv4 address it reaches decides.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    const v4 = lastV4(groups);
    return { kind: classifyV4(v4), via: v4Text(v4) };
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return { kind: "private" }; // 64:ff9b:1::/48, local NAT64
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return { kind: "reserved" }; // 100::/64, discard
  // 2002::/16, 6to4: the IPv4 address in its next 32 bits decides.
  if (g0 === 0x2002) {
    const v4 = g1 * 65536 + g2;
    const kind = classifyV4(v4);
    return kind === "public" ? { kind } : { kind, via: v4Text(v4) };
  }
  if (g0 === 0x2001 && g1 === 0xdb8) return { kind: "documentation" }; // 2001:db8::/32
  if (g0 === 0x3fff && g1 < 0x1000) return { kind: "documentation" }; // 3fff::/20
  if (g0 === 0x2001 && g1 < 0x200) return { kind: "reserved" }; // 2001::/23: Teredo, benchmarking, ORCHID...
  if ((g0 & 0xfe00) === 0xfc00) return { kind: "private" }; // fc00::/7, unique local
  if ((g0 & 0xffc0) === 0xfe80) return { kind: "link-local" }; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return { kind: "private" }; // fec0::/10, site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return { kind: "multicast" }; // ff00::/8
  if ((g0 & 0xe000) === 0x2000) return { kind: "public" }; // 2000::/3, global unicast
  return { kind: "reserved" };
}

/**
 * What an IP address is: public, or which kind of address a webhook must not reach. Takes an
 * IPv4 dotted quad or an IPv6 address (with or without brackets); anything else is "reserved".
 */
export function classifyAddress(address: string): Classified {
  const v4 = v4Value(address.trim());
  if (v4 !== null) return { kind: classifyV4(v4) };
  const groups = v6Groups(address);
  return groups ? classifyV6(groups) : { kind: "reserved" };
}

/** Whether a webhook may go to an address of this kind (with WEBHOOK_ALLOW_PRIVATE_NETWORKS, `allowPrivate`). */
export const kindAllowed = (kind: AddressKind, allowPrivate: boolean) => kind === "public" || (allowPrivate && INTRANET_KINDS.has(kind));

/** The refusal of an address, for the page and the deliveries list. */
export function addressRefusal(address: string, classified: Classified, allowPrivate: boolean, host?: string): string {
  const kind = classified.kind as Exclude<AddressKind, "public">;
  const what = `${DESCRIPTIONS[kind]}${classified.via ? ` (IPv4 ${classified.via})` : ""}`;
  const subject = host && host !== address ? `${host} resolves to ${address}, ${what}` : `${address} is ${what}`;
  const hint =
    !allowPrivate && INTRANET_KINDS.has(kind)
      ? " Webhooks go to public internet addresses only (an intranet receiver needs WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 on the server)."
      : " Webhooks never go there.";
  return `${subject}.${hint}`;
}

// --- URLs and names -------------------------------------------------------------------------

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (node's resolver, as connections use it; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export interface GuardOptions {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** How long the name may take to resolve (ms). */
  resolveTimeoutMs?: number;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** The URL's own rules (scheme, credentials), before any lookup. */
export function checkUrlShape(raw: string, allowPrivate: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: "Enter the full address, starting with https://." };
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    return {
      ok: false,
      message:
        url.protocol === "http:"
          ? "Use https://: plain http is allowed only for an intranet receiver (WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 on the server)."
          : "Enter an https:// address.",
    };
  if (url.username || url.password)
    return { ok: false, message: "Leave the user name and password out of the address: receivers check the webhook's signature instead." };
  if (!url.hostname) return { ok: false, message: "Enter the full address, starting with https://." };
  url.hash = "";
  return { ok: true, url };
}

/** The address to connect to for `url`: the host's own when it is an IP, else every address its name resolves to, all checked. */
export async function resolveDestination(
  url: URL,
  { allowPrivate, resolve = systemResolver, resolveTimeoutMs = 5_000 }: GuardOptions,
): Promise<{ ok: true; address: ResolvedAddress } | { ok: false; message: string }> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(Object.assign(new Error("timed out"), { code: "ETIMEOUT" })), resolveTimeoutMs);
        }),
      ]);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return {
        ok: false,
        message:
          code === "ENOTFOUND" || code === "ENODATA"
            ? `The host name ${host} was not found.`
            : `The host name ${host} could not be resolved (${code ?? (error instanceof Error ? error.message : "error")}).`,
      };
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) return { ok: false, message: `The host name ${host} was not found.` };
  }
  // Every address must be allowed: a name with one public and one private address could be steered to the second.
  for (const candidate of addresses) {
    const classified = classifyAddress(candidate.address);
    if (!kindAllowed(classified.kind, allowPrivate))
      return { ok: false, message: addressRefusal(candidate.address, classified, allowPrivate, family ? undefined : host) };
  }
  return { ok: true, address: addresses[0] };
}

/** An endpoint's URL checked whole, as at save: its shape, then where it leads. */
export async function checkEndpointUrl(raw: string, options: GuardOptions): Promise<UrlCheck> {
  const shape = checkUrlShape(raw, options.allowPrivate);
  if (!shape.ok) return shape;
  const destination = await resolveDestination(shape.url, options);
  return destination.ok ? shape : { ok: false, message: destination.message };
}
