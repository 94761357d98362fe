// Bounded memory whatever the remote agent sends: the message ids the A2A adapter remembers (so a task
// restating its history adds nothing) have a cap. Past it the oldest are forgotten, and one
// `source_limit_exceeded` warning names the table and its cap.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";
import { MAX_SEEN_MESSAGES } from "../src/a2a/adapter";
import { limits } from "./bounds-support";

const agentMessage = (k: number) => ({ messageId: `m${k}`, role: "agent", parts: [{ text: `t${k}` }] });
const status = (k: number) => ({
  kind: "status-update",
  taskId: "t1",
  contextId: "c1",
  status: { state: "working", message: agentMessage(k) },
});
const task = (history: number[]) => ({
  kind: "task",
  id: "t1",
  contextId: "c1",
  status: { state: "working" },
  history: history.map(agentMessage),
});
const limitWarnings = (events: AgentUiEvent[]) =>
  events.filter((e) => e.payload?.code === "source_limit_exceeded").map((e) => e.payload?.message);
const texts = (events: AgentUiEvent[]) =>
  events.filter((e) => e.type === "text.final").map((e) => e.messageId);

function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = a2aAdapter.create({ sessionId: "local" });
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
}

describe("A2A message ids", () => {
  it(`TEAM-11 ENV-09 past ${MAX_SEEN_MESSAGES} messages one warning; only the forgotten ones are stated again`, () => {
    const n = MAX_SEEN_MESSAGES + 10;
    const records = [task([]), ...Array.from({ length: n }, (_, k) => status(k))];
    records.push(task([n - 1, n - MAX_SEEN_MESSAGES, n - MAX_SEEN_MESSAGES - 1, 0]));
    const events = adapt(records);
    expect(limits(events)).toEqual([{ table: "message", cap: MAX_SEEN_MESSAGES }]);
    expect(limitWarnings(events)).toEqual([
      `a2a: the message table reached its cap of ${MAX_SEEN_MESSAGES}: the oldest are forgotten; a task history restating one states it again`,
    ]);
    expect(texts(events).slice(n)).toEqual([`m${n - MAX_SEEN_MESSAGES - 1}`, "m0"]);
  });

  it(`TEAM-11 ENV-09 ${MAX_SEEN_MESSAGES} messages fit: no warning, a restated history adds nothing`, () => {
    const records = [task([]), ...Array.from({ length: MAX_SEEN_MESSAGES }, (_, k) => status(k))];
    records.push(task([0, MAX_SEEN_MESSAGES - 1]));
    const events = adapt(records);
    expect(limits(events)).toEqual([]);
    expect(texts(events)).toHaveLength(MAX_SEEN_MESSAGES);
  });

  it(`TEAM-11 ENV-09 messages without ids, the user's or the agent's, take no place among the ${MAX_SEEN_MESSAGES} remembered`, () => {
    const nameless = { ...status(0), status: { state: "working", message: { role: "agent", parts: [] } } };
    const user = { kind: "message", role: "user", taskId: "t1", parts: [{ text: "Write a poem" }] };
    const statuses = Array.from({ length: MAX_SEEN_MESSAGES }, (_, k) => status(k));
    const records = [task([]), user, nameless, user, ...statuses];
    records.push(task([0]));
    const events = adapt(records);
    expect(limits(events)).toEqual([]);
    expect(texts(events)).toHaveLength(MAX_SEEN_MESSAGES + 1);
  });
});
