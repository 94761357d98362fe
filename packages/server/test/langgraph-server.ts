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
  cutNext(match: (r: ProxiedRequest) => boolean, frames: number): Promise<void>;
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
  let cut: { match: (r: ProxiedRequest) => boolean; frames: number; done: () => void } | undefined;
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
      const headers = { ...req.headers, host: upstream.host };
      const out = request(`http://${upstream.host}${entry.path}`, { method: entry.method, headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        let seen = 0;
        up.on("data", (chunk: Buffer) => {
          res.write(chunk);
          if (cutting === undefined) return;
          seen += chunk.toString("utf8").split("event: messages").length - 1;
          if (seen >= cutting.frames) {
            up.destroy();
            res.destroy();
            cutting.done();
          }
        });
        up.on("end", () => res.end());
        up.on("error", () => res.destroy());
      });
      out.on("error", () => res.destroy());
      out.end(entry.body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const port = (proxy.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    cutNext: (match, frames) =>
      new Promise<void>((done) => {
        cut = { match, frames, done };
      }),
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await upstream.cleanup();
      dir.remove();
    },
  };
}
