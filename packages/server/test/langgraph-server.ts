// The real LangGraph Agent Server for the connector's tests: `@langchain/langgraph-api` (the server
// `langgraph dev` runs) started in-process on loopback, port 0, with its in-memory storage in a temp
// directory, serving ./fixtures/langgraph-graph.mjs. In front of it an HTTP proxy that logs every
// request and can cut one run's stream mid-way (the run carries on upstream, as after a network drop).
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { tempDir } from "./helpers";

export const GRAPH_ID = "agent";
export const REPLY = "The search found three matching deployments; all of them are healthy.";

export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
  lastEventId?: string;
}

export interface LangGraphServer {
  /** The proxy's URL: what the connector is pointed at. */
  url: string;
  requests: ProxiedRequest[];
  /** The next request `match` accepts has its response cut after `frames` SSE `messages` frames. */
  /** The next request `match` accepts is forwarded only after `ms`. */
  delayNext(match: (r: ProxiedRequest) => boolean, ms: number): void;
  /** `reset`: the connection is reset (RST) right after the write instead of closed. */
  cutNext(match: (r: ProxiedRequest) => boolean, frames: number, reset?: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startLangGraphServer(): Promise<LangGraphServer> {
  // The server logs every request at debug level unless told otherwise (read when it loads).
  process.env.LOG_LEVEL ??= "error";
  const { startServer } = await import("@langchain/langgraph-api/server");
  const dir = tempDir("agent-ui-langgraph-");
  const graph = fileURLToPath(new URL("./fixtures/langgraph-graph.mjs", import.meta.url));
  const upstream = await startServer({
    port: 0,
    nWorkers: 2,
    host: "127.0.0.1",
    cwd: dir.path,
    graphs: { [GRAPH_ID]: `${graph}:graph` },
  });
  const requests: ProxiedRequest[] = [];
  const delays: { match: (r: ProxiedRequest) => boolean; ms: number }[] = [];
  let cut:
    | { match: (r: ProxiedRequest) => boolean; frames: number; reset?: boolean; done: () => void }
    | undefined;
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const lastEventId = req.headers["last-event-id"];
      const entry: ProxiedRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        body: Buffer.concat(chunks).toString("utf8"),
        ...(typeof lastEventId === "string" ? { lastEventId } : {}),
      };
      requests.push(entry);
      const cutting = cut?.match(entry) ? cut : undefined;
      if (cutting) cut = undefined;
      const delay = delays.findIndex((d) => d.match(entry));
      const wait = delay === -1 ? 0 : (delays.splice(delay, 1)[0]?.ms ?? 0);
      const headers = { ...req.headers, host: upstream.host };
      const out = request(`http://${upstream.host}${entry.path}`, { method: entry.method, headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        let seen = 0;
        let stopped = false;
        up.on("data", (chunk: Buffer) => {
          if (stopped) return;
          if (cutting === undefined) {
            res.write(chunk);
            return;
          }
          // Forward up to the end of the frame that makes `frames` messages frames, then drop the
          // connection (FIN, no end of the chunked response): what was sent arrives, the rest never does.
          const text = chunk.toString("utf8");
          let at = 0;
          while (seen < cutting.frames) {
            const next = text.indexOf("event: messages", at);
            if (next === -1) break;
            seen += 1;
            const end = text.indexOf("\n\n", next);
            at = end === -1 ? text.length : end + 2;
          }
          if (seen < cutting.frames) {
            res.write(chunk);
            return;
          }
          stopped = true;
          up.destroy();
          res.write(text.slice(0, at), () =>
            cutting.reset ? res.socket?.resetAndDestroy() : res.socket?.end(),
          );
          cutting.done();
        });
        up.on("end", () => {
          if (!stopped) res.end();
        });
        up.on("error", () => {
          if (!stopped) res.destroy();
        });
      });
      out.on("error", () => res.destroy());
      setTimeout(() => out.end(entry.body), wait);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const port = (proxy.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    delayNext: (match, ms) => {
      delays.push({ match, ms });
    },
    cutNext: (match, frames, reset) =>
      new Promise<void>((done) => {
        cut = { match, frames, reset, done };
      }),
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await upstream.cleanup();
      dir.remove();
    },
  };
}
