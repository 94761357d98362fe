// The generator is deterministic, sized exactly, and each encoding is a well-formed stream of its own
// protocol (AG-UI's own verifier accepts every run; our envelope has unique ids and contiguous sequences).
import { type BaseEvent, verifyEvents } from "@ag-ui/client";
import fc from "fast-check";
import { from, lastValueFrom, toArray } from "rxjs";
import { describe, expect, it } from "vitest";
import { encodeSession, generateSession } from "../src/generator";

describe("session generator", () => {
  it("PERF: the same seed gives the same session in every encoding; another seed a different one", () => {
    const a = encodeSession(generateSession({ seed: 42, events: 1500 }));
    const b = encodeSession(generateSession({ seed: 42, events: 1500 }));
    const c = encodeSession(generateSession({ seed: 43, events: 1500 }));
    expect(b).toEqual(a);
    expect(c.session.facts).not.toEqual(a.session.facts);
  });

  it("PERF: a session has exactly the requested number of envelope events", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 6000 }), fc.integer({ min: 0, max: 2 ** 31 }), (events, seed) => {
        const session = generateSession({ seed, events });
        const encoded = encodeSession(session);
        expect(session.envelopeEvents).toBe(events);
        expect(encoded.envelope).toHaveLength(events);
      }),
      { numRuns: 25 },
    );
  });

  it("ENV-02/ORD-01: envelope events carry unique eventIds and contiguous sequences from 1", () => {
    const { envelope } = encodeSession(generateSession({ seed: 7, events: 5000 }));
    expect(new Set(envelope.map((e) => e.eventId)).size).toBe(envelope.length);
    expect(envelope.map((event) => event.sequence)).toEqual(envelope.map((_, index) => index + 1));
  });

  it("PERF: a realistic mix: long streamed answers, tools, approvals, retries, subagents, artifacts, evidence", () => {
    const { envelope } = encodeSession(generateSession({ seed: 1, events: 20_000 }));
    const count = (type: string) => envelope.filter((e) => e.type === type).length;
    expect(count("text.delta")).toBeGreaterThan(envelope.length / 2);
    for (const type of [
      "tool.started",
      "tool.args",
      "tool.result",
      "tool.failed",
      "action.required",
      "action.resolved",
      "run.status",
      "agent.spawned",
      "agent.completed",
      "artifact.created",
      "artifact.updated",
      "evidence.changed",
      "reasoning.delta",
    ])
      expect(count(type), type).toBeGreaterThan(0);
    expect(count("run.started")).toBe(count("run.finished"));
    expect(
      envelope.filter((e) => e.type === "text.delta" && typeof e.agentId === "string").length,
    ).toBeGreaterThan(0);
  });

  it("PERF: AG-UI's own verifyEvents accepts every generated run", async () => {
    const { agui } = encodeSession(generateSession({ seed: 3, events: 4000 }));
    expect(agui.length).toBeGreaterThan(1);
    for (const run of agui) {
      const verified = await lastValueFrom(from(run.events as BaseEvent[]).pipe(verifyEvents(), toArray()));
      expect(verified).toHaveLength(run.events.length);
    }
  });

  it("PERF: every AI SDK turn is one message stream (start … finish)", () => {
    const { aiSdk, session } = encodeSession(generateSession({ seed: 3, events: 4000 }));
    expect(aiSdk).toHaveLength(session.turns);
    for (const turn of aiSdk) {
      expect(turn.chunks[0]).toEqual({ type: "start", messageId: turn.messageId });
      expect(turn.chunks[turn.chunks.length - 1].type).toBe("finish");
    }
  });
});
