// Creates a push session on the gateway and runs the graph in it with an OpenAI chat model:
//   AGENT_UI_URL=http://127.0.0.1:4318 AGENT_UI_TOKEN=… OPENAI_API_KEY=… npx tsx main.ts "delete notes/old.txt"
// (`npm install @langchain/openai` first; any other LangChain chat model that calls tools works too.)
import { runApprovalGraph } from "./graph";

const baseUrl = process.env.AGENT_UI_URL ?? "http://127.0.0.1:4318";
const token = process.env.AGENT_UI_TOKEN;
const created = await fetch(`${baseUrl}/api/sessions`, {
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify({ source: "push", title: "LangGraph.js", config: { format: "langgraph" } }),
});
if (!created.ok)
  throw new Error(`creating the session failed: HTTP ${created.status} ${await created.text()}`);
const { session } = (await created.json()) as { session: { id: string } };
console.log(`session ${session.id}: open it in the workbench to answer the graph`);
const provider = "@langchain/openai";
const { ChatOpenAI } = await import(provider);
const state = await runApprovalGraph({
  baseUrl,
  token,
  sessionId: session.id,
  model: new ChatOpenAI({ model: process.env.OPENAI_MODEL ?? "gpt-5-mini" }),
  input: process.argv[2] ?? "Delete notes/agent-ui-example.txt",
});
console.log(`last message: ${state.values.messages.at(-1)?.content}`);
