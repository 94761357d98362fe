// The three encodings describe the same session: each reducer, fed its own protocol's events, ends with
// the same answer texts and the same tool outcomes as the session's facts.
import type { ProjectionState } from "@agent-ui/contracts";
import type { UIMessage } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { type EncodedSession, encodeSession, generateSession } from "../src/generator";
import { type AgUiResult, runAgUi } from "../src/reducers/ag-ui";
import { runChat, runReadUIMessageStream } from "../src/reducers/ai-sdk";
import { oursBatch, oursIncremental } from "../src/reducers/ours";

/** Final text of every text segment, in stream order, straight from the facts. */
function expectedTexts(encoded: EncodedSession): Map<string, string> {
  const texts = new Map<string, string>();
  for (const fact of encoded.session.facts) if (fact.kind === "text.end") texts.set(fact.id, fact.text);
  return texts;
}

function oursTexts(state: ProjectionState): Map<string, string> {
  const texts = new Map<string, string>();
  for (const message of state.messages)
    for (const part of message.parts) if (part.kind === "assistant_text") texts.set(part.id, part.text ?? "");
  return texts;
}

function aiSdkTexts(messages: readonly UIMessage[]): string[] {
  return messages.flatMap((m) => m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])));
}

function aiSdkToolStates(messages: readonly UIMessage[]): string[] {
  return messages.flatMap((m) =>
    m.parts.flatMap((p) => (p.type.startsWith("tool-") && "state" in p ? [String(p.state)] : [])),
  );
}

describe("the three encodings describe the same session", () => {
  let encoded: EncodedSession;
  let expected: Map<string, string>;
  let results: { tool: number; error: number; subagents: number };
  let ours: ProjectionState;
  let stream: UIMessage[];
  let chat: UIMessage[];
  let agui: AgUiResult;

  // Each peer runs once (they are slow by design); the tests below read the results.
  beforeAll(async () => {
    encoded = encodeSession(generateSession({ seed: 1, events: 1200, turnEvents: [300, 600] }));
    expected = expectedTexts(encoded);
    const facts = encoded.session.facts;
    results = {
      tool: facts.filter((f) => f.kind === "tool.result").length,
      error: facts.filter((f) => f.kind === "tool.error").length,
      subagents: facts.filter((f) => f.kind === "subagent.start").length,
    };
    expect(results.error).toBeGreaterThan(0);
    expect(results.subagents).toBeGreaterThan(0);
    expect(encoded.session.turns).toBeGreaterThan(1);
    ours = (await oursBatch.run(encoded)) as ProjectionState;
    stream = await runReadUIMessageStream(encoded.aiSdk);
    chat = await runChat(encoded.aiSdk);
    agui = await runAgUi(encoded.agui);
  }, 180_000);

  it("TEXT-01/TEXT-04: our projection's answer texts equal the session's, once each (batch and incremental)", async () => {
    const incremental = (await oursIncremental.run(encoded)) as ProjectionState;
    for (const state of [ours, incremental]) {
      expect(oursTexts(state)).toEqual(expected);
      expect(state.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    }
  });

  it("TEXT-01: AI SDK readUIMessageStream and Chat produce the same answer texts in the same order", () => {
    const order = [...expected.values()];
    expect(aiSdkTexts(stream)).toEqual(order);
    expect(chat.filter((m) => m.role === "assistant")).toHaveLength(encoded.session.turns);
    expect(aiSdkTexts(chat.filter((m) => m.role === "assistant"))).toEqual(order);
  });

  it("TEXT-01: AG-UI's client pipeline produces the same answer texts per message id", () => {
    const texts = new Map<string, string>();
    for (const message of agui.messages)
      if (message.role === "assistant" && typeof message.content === "string" && expected.has(message.id))
        texts.set(message.id, message.content);
    expect(texts).toEqual(expected);
  });

  it("TOOL-01/TOOL-05: every reducer ends every tool the same way (results and errors)", () => {
    const tools = Object.values(ours.tools).map((t) => t.status);
    expect(tools.filter((s) => s === "output-available")).toHaveLength(results.tool);
    expect(tools.filter((s) => s === "output-error")).toHaveLength(results.error);
    const ai = aiSdkToolStates(stream);
    expect(ai.filter((s) => s === "output-available")).toHaveLength(results.tool);
    expect(ai.filter((s) => s === "output-error")).toHaveLength(results.error);
    expect(agui.messages.filter((m) => m.role === "tool")).toHaveLength(results.tool + results.error);
  });

  it("TEAM-02: subagents keep their lineage in our projection", () => {
    const agents = Object.values(ours.agents);
    expect(agents).toHaveLength(results.subagents);
    for (const agent of agents) expect(agent.lineage).toBe("known");
  });
});
