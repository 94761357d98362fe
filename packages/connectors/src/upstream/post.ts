// The connectors' one HTTP request: a POST over node:http(s) whose socket connects only to an address the
// upstream policy allows. The policy is applied in the connection's own DNS lookup, so a name that
// resolves to a public address when checked and to a private one when connected (DNS rebinding) is
// refused too; a literal address is checked before the request. Redirects are never followed.
import type { IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { UpstreamGuard } from "./policy";

export interface UpstreamResponse {
  status: number;
  body: AsyncIterable<Uint8Array>;
  close(): void;
}

export function postForStream(
  url: URL,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  guard: UpstreamGuard,
): Promise<UpstreamResponse> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        signal,
        lookup: guard.lookup as LookupFunction,
      },
      (res: IncomingMessage) =>
        resolve({ status: res.statusCode ?? 0, body: res, close: () => res.destroy() }),
    );
    req.once("error", reject);
    req.end(body);
  });
}
