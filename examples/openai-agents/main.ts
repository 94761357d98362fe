// Creates a push session on the gateway and runs the agent in it:
//   AGENT_UI_URL=http://127.0.0.1:4318 AGENT_UI_TOKEN=… OPENAI_API_KEY=… npx tsx main.ts "delete notes/old.txt"
import { runOpsAgent } from "./agent";

const baseUrl = process.env.AGENT_UI_URL ?? "http://127.0.0.1:4318";
const token = process.env.AGENT_UI_TOKEN;
const created = await fetch(`${baseUrl}/api/sessions`, {
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify({ source: "push", title: "OpenAI Agents", config: { format: "openai-agents" } }),
});
if (!created.ok)
  throw new Error(`creating the session failed: HTTP ${created.status} ${await created.text()}`);
const { session } = (await created.json()) as { session: { id: string } };
console.log(`session ${session.id}: open it in the workbench to approve or reject`);
const result = await runOpsAgent({
  baseUrl,
  token,
  sessionId: session.id,
  model: process.env.OPENAI_MODEL ?? "gpt-5-mini",
  input: process.argv[2] ?? "Delete notes/agent-ui-example.txt",
});
console.log(`final output: ${result.finalOutput}`);
