// Creates a push session on the gateway and runs a Claude Agent SDK query in it:
//   AGENT_UI_URL=http://127.0.0.1:4318 AGENT_UI_TOKEN=… ANTHROPIC_API_KEY=… npx tsx main.ts "list the files here"
import { runClaudeSession } from "./agent";

const baseUrl = process.env.AGENT_UI_URL ?? "http://127.0.0.1:4318";
const token = process.env.AGENT_UI_TOKEN;
const created = await fetch(`${baseUrl}/api/sessions`, {
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify({ source: "push", title: "Claude Agent SDK", config: { format: "claude-agent-sdk" } }),
});
if (!created.ok)
  throw new Error(`creating the session failed: HTTP ${created.status} ${await created.text()}`);
const { session } = (await created.json()) as { session: { id: string } };
console.log(`session ${session.id}: open it in the workbench to allow or deny tool use`);
const messages = await runClaudeSession({
  baseUrl,
  token,
  sessionId: session.id,
  prompt: process.argv[2] ?? "List the files in this folder.",
  options: { cwd: process.cwd(), includePartialMessages: true },
});
const result = messages.at(-1) as { type: string; result?: string } | undefined;
console.log(result?.type === "result" ? `result: ${result.result}` : "ended without a result");
