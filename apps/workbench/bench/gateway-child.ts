// A gateway in a process of its own, for `bench:first-paint`'s crash visits (./crash-gateway.ts): the
// bench kills it with SIGKILL, as a crash would end it. `node --import tsx gateway-child.ts <dataDir>
// <staticDir>` prints `listening <url>` once it listens.
import { startServer } from "@agent-ui/server";

const [dataDir, staticDir] = process.argv.slice(2);
if (dataDir === undefined || staticDir === undefined)
  throw new Error("usage: gateway-child <dataDir> <staticDir>");
const server = await startServer({ port: 0, dataDir, staticDir, noAuth: true });
process.stdout.write(`listening ${server.url}\n`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
