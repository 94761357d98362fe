// Creates a push session on the gateway and runs a Codex thread in it (Ctrl-C ends the session):
//   AGENT_UI_URL=http://127.0.0.1:4318 AGENT_UI_TOKEN=… npx tsx main.ts "add a README"
import { Codex } from "@openai/codex-sdk";
import { runCodexSession } from "./codex";

const baseUrl = process.env.AGENT_UI_URL ?? "http://127.0.0.1:4318";
const token = process.env.AGENT_UI_TOKEN;
const created = await fetch(`${baseUrl}/api/sessions`, {
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify({ source: "push", title: "Codex", config: { format: "codex" } }),
});
if (!created.ok)
  throw new Error(`creating the session failed: HTTP ${created.status} ${await created.text()}`);
const { session } = (await created.json()) as { session: { id: string } };
console.log(`session ${session.id}: follow it in the workbench; send there to continue the thread`);
const open = new AbortController();
process.once("SIGINT", () => open.abort());
const { threadId } = await runCodexSession({
  baseUrl,
  token,
  sessionId: session.id,
  codex: new Codex(),
  thread: { workingDirectory: process.cwd(), sandboxMode: "workspace-write", approvalPolicy: "never" },
  input: process.argv[2] ?? "Say what this repository is.",
  keepOpen: open.signal,
});
console.log(`thread ${threadId} ended`);
