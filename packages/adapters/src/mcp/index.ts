import { asRecord, isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { MCP_FORMAT, createMcpAdapter } from "./adapter";

/** `{dir, msg}` records are certain; a bare JSON-RPC message with an MCP method (`tools/call`,
 * `notifications/…`) is likely. A2A JSON-RPC results (tasks) are left to the a2a adapter. */
function detect(record: unknown): number {
  if (!isRecord(record)) return 0;
  const dir = readString(record, "dir");
  if ((dir === "client->server" || dir === "server->client") && asRecord(record.msg)?.jsonrpc === "2.0")
    return 0.98;
  if (record.jsonrpc !== "2.0") return 0;
  const method = readString(record, "method") ?? "";
  if (
    /^(tools|resources|prompts|elicitation|sampling|roots|completion|logging|notifications)\//.test(method) ||
    method === "initialize"
  )
    return 0.85;
  return 0;
}

export const mcpAdapter: AdapterModule = {
  format: MCP_FORMAT,
  description:
    "MCP JSON-RPC traffic ({dir,msg} or bare) → tool rows with progress, elicitations as actions (form schema / URL link), results with resource-link artifacts",
  create: createMcpAdapter,
  detect,
};
