// The upstream policy every connector dials through: loopback and public hosts only unless `allow` lists a
// private range, host names resolved first and the connection itself pinned to the checked address.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { UpstreamGuard } from "../src";
import { postForStream } from "../src/upstream/post";

describe("SEC upstream policy (no SSRF by default)", () => {
  it("refuses link-local, metadata, private, shared and mapped addresses; allows loopback and public ones", async () => {
    const guard = new UpstreamGuard();
    const refused = [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://10.0.0.1/",
      "http://172.16.5.4/",
      "http://192.168.1.1/",
      "http://100.64.0.1/",
      "http://[fe80::1]/",
      "http://[fc00::1]/",
      "http://[::ffff:169.254.169.254]/",
      "http://2852039166/",
      "http://0.0.0.0/",
    ];
    for (const url of refused)
      expect({ url, ok: await guard.permits(new URL(url)) }).toEqual({ url, ok: false });
    for (const url of ["http://127.0.0.1:1/", "http://[::1]/", "http://8.8.8.8/", "http://[2606:4700::1]/"])
      expect({ url, ok: await guard.permits(new URL(url)) }).toEqual({ url, ok: true });
  });

  it("resolves a host name first: a name with any private address is refused", async () => {
    const names: Record<string, string[]> = {
      "intranet.example": ["10.1.2.3"],
      "split.example": ["93.184.215.14", "192.168.0.7"],
      "public.example": ["93.184.215.14"],
    };
    const guard = new UpstreamGuard({}, async (host) => names[host] ?? []);
    expect(await guard.permits(new URL("http://intranet.example/agent"))).toBe(false);
    expect(await guard.permits(new URL("http://split.example/agent"))).toBe(false);
    expect(await guard.permits(new URL("http://public.example/agent"))).toBe(true);
    expect(await guard.permits(new URL("http://unresolvable.example/agent"))).toBe(false);
  });

  it("the connection itself resolves through the policy: a name rebound to a private address after the check is refused", async () => {
    const web = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/event-stream" }).end(),
    );
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    const port = (web.address() as AddressInfo).port;
    const answers = [["127.0.0.1"], ["10.1.2.3"]];
    let calls = 0;
    const guard = new UpstreamGuard({}, async () => answers[Math.min(calls++, answers.length - 1)]);
    const url = new URL(`http://rebinding.example:${port}/agent`);
    const signal = new AbortController().signal;
    // First resolution: loopback, allowed — the request reaches the local server.
    const first = await postForStream(url, {}, "{}", signal, guard);
    expect(first.status).toBe(200);
    first.close();
    // The same name now resolves to a private address: the socket never connects.
    await expect(postForStream(url, {}, "{}", signal, guard)).rejects.toMatchObject({
      code: "EUPSTREAMPOLICY",
    });
    web.close();
  });

  it("--upstream-allow opens listed CIDRs, addresses and names only", async () => {
    const guard = new UpstreamGuard(
      { allow: ["10.0.0.0/8", "fd12::/16", "192.168.1.9", "intranet.example"] },
      async () => ["172.20.0.1"],
    );
    expect(await guard.permits(new URL("http://10.9.8.7/"))).toBe(true);
    expect(await guard.permits(new URL("http://[fd12::5]/"))).toBe(true);
    expect(await guard.permits(new URL("http://192.168.1.9/"))).toBe(true);
    expect(await guard.permits(new URL("http://192.168.1.10/"))).toBe(false);
    expect(await guard.permits(new URL("http://intranet.example/"))).toBe(true);
    expect(await guard.permits(new URL("http://other.example/"))).toBe(false);
    expect(await guard.permits(new URL("http://169.254.169.254/"))).toBe(false);
    expect(() => new UpstreamGuard({ allow: ["10.0.0.0/99"] })).toThrow(/not a CIDR/);
  });
});
