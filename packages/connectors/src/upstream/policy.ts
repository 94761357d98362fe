// Where the AG-UI, AI SDK and A2A connectors may send a request. A session's `config.url` is caller input, so
// without a rule the gateway would POST wherever a caller says: cloud metadata, the router, a private
// service. Loopback is allowed (an agent on the same machine is the common case); link-local, private,
// shared, multicast and reserved ranges and the metadata names are refused unless `--upstream-allow`
// lists them (a CIDR, an address or a host name). Host names are resolved first: a name that resolves to
// a refused address is refused. Every refusal and every connection failure reads the same to the
// caller (UPSTREAM_UNAVAILABLE), so a session cannot be used to learn which ports answer.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export interface UpstreamPolicy {
  /** CIDRs (`10.0.0.0/8`, `fd00::/8`), addresses or host names the connectors may reach although they
   * are in a refused range. */
  allow?: readonly string[];
}

/** The one reason a refused, unreachable or non-stream upstream gives. */
export const UPSTREAM_UNAVAILABLE =
  "upstream_unavailable: the upstream did not answer with an event stream (unreachable, refused by the gateway's upstream policy, or not a stream endpoint)";

const REFUSED_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const REFUSED_V6: [string, number][] = [
  ["::", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];
const REFUSED_NAMES = new Set(["metadata.google.internal", "metadata", "instance-data"]);

function refusedRanges(): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of REFUSED_V4) list.addSubnet(net, prefix, "ipv4");
  for (const [net, prefix] of REFUSED_V6) list.addSubnet(net, prefix, "ipv6");
  return list;
}

/** Resolves a host name to every address it has (`dns.lookup` by default). */
export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export class UpstreamGuard {
  private readonly refused = refusedRanges();
  private readonly allowedRanges = new BlockList();
  private readonly allowedNames = new Set<string>();

  constructor(
    policy: UpstreamPolicy = {},
    private readonly resolve: Resolve = systemResolve,
  ) {
    for (const entry of policy.allow ?? []) {
      const [net, bits] = entry.split("/");
      const family = isIP(net);
      if (family === 0) {
        this.allowedNames.add(entry.toLowerCase().replace(/\.$/, ""));
        continue;
      }
      const type = family === 4 ? "ipv4" : "ipv6";
      const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new TypeError(`--upstream-allow: '${entry}' is not a CIDR, an address or a host name`);
      this.allowedRanges.addSubnet(net, prefix, type);
    }
  }

  /** True when a request to `url` may be sent: its host, and every address it resolves to, pass. */
  async permits(url: URL): Promise<boolean> {
    const host = url.hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, "")
      .replace(/\.$/, "");
    if (this.allowedNames.has(host)) return true;
    if (REFUSED_NAMES.has(host)) return false;
    let addresses: string[];
    if (isIP(host) !== 0) addresses = [host];
    else {
      try {
        addresses = await this.resolve(host);
      } catch {
        return false;
      }
    }
    return addresses.length > 0 && addresses.every((address) => this.permitsAddress(address));
  }

  /** A `lookup` for node:net that resolves like `permits` and fails when any address is refused: the
   * socket can only connect where the policy allows, whatever the name resolves to by then. */
  readonly lookup = (
    host: string,
    options: { family?: number | string; all?: boolean },
    callback: (
      error: Error | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void,
  ): void => {
    const refuse = () => {
      const error = Object.assign(new Error("refused by the upstream policy"), { code: "EUPSTREAMPOLICY" });
      callback(error, options.all ? [] : "", 0);
    };
    const name = host.toLowerCase().replace(/\.$/, "");
    const allowedName = this.allowedNames.has(name);
    if (!allowedName && REFUSED_NAMES.has(name)) {
      refuse();
      return;
    }
    this.resolve(name).then(
      (found) => {
        const family =
          options.family === 6 || options.family === "IPv6"
            ? 6
            : options.family === 4 || options.family === "IPv4"
              ? 4
              : 0;
        const addresses = found.filter((a) => family === 0 || isIP(a) === family);
        if (addresses.length === 0 || !(allowedName || addresses.every((a) => this.permitsAddress(a))))
          refuse();
        else if (options.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        else callback(null, addresses[0], isIP(addresses[0]));
      },
      () => refuse(),
    );
  };

  permitsAddress(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
    const mapped = mappedIpv4(address);
    if (mapped !== undefined) return this.permitsAddress(mapped);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (this.allowedRanges.check(address, type)) return true;
    return !this.refused.check(address, type);
  }
}

/** `::ffff:a.b.c.d` or `::ffff:hhhh:hhhh` → `a.b.c.d`. */
function mappedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  if (!lower.startsWith("::ffff:")) return undefined;
  const rest = lower.slice(7);
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Request headers a caller may not choose: the target host and the connection's own framing. */
const FORBIDDEN_HEADERS = new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "content-length",
  "expect",
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
]);

/** The first header name in `headers` a caller may not set, if any. */
export function forbiddenHeader(headers: Record<string, string> | undefined): string | undefined {
  if (!headers) return undefined;
  return Object.keys(headers).find((name) => FORBIDDEN_HEADERS.has(name.trim().toLowerCase()));
}
