// TEXT-09 ENV-07: the overlay of user messages a send shows before the runtime confirms them — what it shows,
// which answers and facts remove it, and that it changes (and tells the session to repaint) only when
// something it shows changed.
import type {
  AgentUiEvent,
  ControlCommand,
  Message,
  ProjectionState,
  WriteResult,
} from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { OptimisticMessages, optimisticSendOf } from "../src";

const accepted = (assigned?: Record<string, string>, extra: Partial<WriteResult> = {}): WriteResult => ({
  status: "accepted",
  idempotencyKey: "k",
  ...(assigned ? { assigned } : {}),
  ...extra,
});
const fact = (event: Partial<AgentUiEvent>): AgentUiEvent =>
  ({ type: "run.started", ...event }) as AgentUiEvent;
const stateWith = (...ids: string[]): ProjectionState =>
  ({ messages: ids.map((id) => ({ id, role: "user", parts: [] })) }) as unknown as ProjectionState;
const shown = (overlay: OptimisticMessages) => overlay.overlay(stateWith()).messages.map((m) => m.id);
const nothingProjected = () => false;

function withSends(...ids: string[]): OptimisticMessages {
  const overlay = new OptimisticMessages();
  for (const id of ids) overlay.add({ clientMessageId: id, text: `text of ${id}` });
  return overlay;
}

describe("optimisticSendOf", () => {
  it("ENV-07 only a send with a client message id shows anything", () => {
    const send = { kind: "send", text: "hi", clientMessageId: "c1", contextRefs: ["f1"] } as ControlCommand;
    expect(optimisticSendOf(send)).toEqual({ clientMessageId: "c1", text: "hi", contextRefs: ["f1"] });
    expect(optimisticSendOf({ kind: "send", text: "hi" } as ControlCommand)).toBeUndefined();
    expect(
      optimisticSendOf({ kind: "cancel", clientMessageId: "c1" } as unknown as ControlCommand),
    ).toBeUndefined();
  });
});

describe("OptimisticMessages", () => {
  it("TEXT-09 SEC-01 shows the sent text as a done user part, a pasted credential masked, its context kept", () => {
    const overlay = new OptimisticMessages();
    expect(
      overlay.add({ clientMessageId: "c1", text: "use sk-ant-abcdefghijklmnop now", contextRefs: ["f1"] }),
    ).toBe(true);
    const [message] = overlay.overlay(stateWith()).messages as Message[];
    expect(message).toEqual({
      id: "c1",
      role: "user",
      optimistic: true,
      parts: [
        {
          id: "c1:input",
          kind: "user_text",
          status: "done",
          text: "use [redacted:anthropic_api_key] now",
          data: { contextRefs: ["f1"] },
        },
      ],
    });
    overlay.add({ clientMessageId: "c2", text: "plain" });
    expect(overlay.overlay(stateWith()).messages[1].parts[0]).not.toHaveProperty("data");
  });

  it("ENV-07 the same send twice shows one copy; one the runtime confirmed shows none again", () => {
    const overlay = withSends("c1");
    expect(overlay.add({ clientMessageId: "c1", text: "again" })).toBe(false);
    expect(overlay.size).toBe(1);
    expect(overlay.observe(fact({ payload: { clientMessageId: "c1" } }))).toBe(true);
    expect(overlay.add({ clientMessageId: "c1", text: "retried" })).toBe(false);
    expect(shown(overlay)).toEqual([]);
  });

  it("ENV-07 HITL-05 QUEUE-02 a refused, queued or repeated write takes its copy away at once", () => {
    for (const result of [
      { status: "rejected", idempotencyKey: "k" } as WriteResult,
      { status: "failed", idempotencyKey: "k" } as WriteResult,
      accepted({ mode: "queue" }),
      accepted(undefined, { duplicate: true }),
    ]) {
      const overlay = withSends("c1", "c2");
      expect(overlay.settle("c1", result, nothingProjected)).toBe(true);
      expect(shown(overlay)).toEqual(["c2"]);
    }
    // An answer to a send the overlay does not show changes nothing.
    expect(withSends("c2").settle("c1", accepted({ mode: "queue" }), nothingProjected)).toBe(false);
  });

  it("ENV-07 an accepted send stays until its fact, which may name it by an id only the answer gave", () => {
    for (const key of ["messageId", "userMessageId"]) {
      const overlay = withSends("c1");
      expect(overlay.settle("c1", accepted({ [key]: "m-7", turnId: "t-1" }), nothingProjected)).toBe(false);
      expect(shown(overlay)).toEqual(["c1"]);
      expect(overlay.observe(fact({ type: "message.started", messageId: "t-1" }))).toBe(false);
      expect(overlay.observe(fact({ type: "message.started", messageId: "m-7" }))).toBe(true);
      expect(shown(overlay)).toEqual([]);
    }
    // An accepted answer without ids: the fact must echo the client id.
    const plain = withSends("c1");
    expect(plain.settle("c1", accepted(), nothingProjected)).toBe(false);
    expect(plain.settle("c1", accepted({ messageId: 7 as unknown as string }), () => true)).toBe(false);
    expect(shown(plain)).toEqual(["c1"]);
  });

  it("ENV-07 a fact that came before the answer: the answer's id already projected removes the copy", () => {
    const overlay = withSends("c1");
    const asked: string[] = [];
    const projected = (id: string) => {
      asked.push(id);
      return id === "m-7";
    };
    expect(overlay.settle("c1", accepted({ messageId: "m-7" }), projected)).toBe(true);
    expect(asked).toEqual(["m-7"]);
    expect(shown(overlay)).toEqual([]);
    // Confirmed: the same send again shows nothing.
    expect(overlay.add({ clientMessageId: "c1", text: "again" })).toBe(false);
    // The client id itself assigned as the message id is not proof the fact came.
    const echoed = withSends("c2");
    expect(echoed.settle("c2", accepted({ messageId: "c2" }), () => true)).toBe(false);
    expect(shown(echoed)).toEqual(["c2"]);
  });

  it("ENV-07 a fact confirms the copies it names in its payload or as its message, and only those", () => {
    const overlay = withSends("c1", "c2", "c3");
    expect(overlay.observe(fact({ payload: { clientMessageId: "c1" } }))).toBe(true);
    expect(overlay.observe(fact({ payload: { userMessageId: "c2" } }))).toBe(true);
    expect(shown(overlay)).toEqual(["c3"]);
    expect(overlay.observe(fact({ payload: { clientMessageId: 3, userMessageId: null } }))).toBe(false);
    expect(overlay.observe(fact({ type: "text.delta", messageId: "other" }))).toBe(false);
    expect(overlay.observe(fact({ type: "text.delta", messageId: "c3" }))).toBe(true);
    expect(overlay.size).toBe(0);
    expect(overlay.observe(fact({ payload: { clientMessageId: "c3" } }))).toBe(false);
  });

  it("ENV-07 HYD-01 a hydration holding the runtime's copy confirms it; others stay", () => {
    const overlay = withSends("c1", "c2");
    expect(overlay.reconcile(stateWith("m-0", "c2"))).toBe(true);
    expect(shown(overlay)).toEqual(["c1"]);
    expect(overlay.add({ clientMessageId: "c2", text: "again" })).toBe(false);
    expect(overlay.reconcile(stateWith("m-0"))).toBe(false);
    expect(overlay.reconcile(stateWith("c1", "c1"))).toBe(true);
    expect(overlay.reconcile(stateWith("c1"))).toBe(false);
    // By the id the answer assigned, too.
    const assigned = withSends("c3");
    assigned.settle("c3", accepted({ messageId: "m-9" }), nothingProjected);
    expect(assigned.reconcile(stateWith("m-9"))).toBe(true);
    expect(assigned.size).toBe(0);
  });

  it("TEXT-09 the overlay appends copies to the projection's messages, the same object until one changes", () => {
    const overlay = new OptimisticMessages();
    let reads = 0;
    const base = stateWith("m-1");
    Object.defineProperty(base, "tools", {
      enumerable: true,
      get: () => {
        reads++;
        return [];
      },
    });
    expect(overlay.overlay(base)).toBe(base);
    overlay.add({ clientMessageId: "c1", text: "hi" });
    const first = overlay.overlay(base);
    // Other slices are carried over unread (a lazy slice stays lazy).
    expect(reads).toBe(0);
    expect(first).not.toBe(base);
    expect(first.messages.map((m) => m.id)).toEqual(["m-1", "c1"]);
    expect(base.messages.map((m) => m.id)).toEqual(["m-1"]);
    expect(Object.keys(first)).toEqual(["messages", "tools"]);
    // `messages` is the same kind of property as the projection's own: another overlay can stack on it.
    expect(Object.getOwnPropertyDescriptor(first, "messages")).toEqual({
      ...Object.getOwnPropertyDescriptor(base, "messages"),
      value: first.messages,
    });
    const stacked = withSends("c0").overlay(first);
    expect(stacked.messages.map((m) => m.id)).toEqual(["m-1", "c1", "c0"]);
    expect(overlay.overlay(base)).toBe(first);
    // A fact that confirms nothing leaves it as it was.
    overlay.observe(fact({ messageId: "x" }));
    expect(overlay.overlay(base)).toBe(first);
    overlay.add({ clientMessageId: "c2", text: "more" });
    const second = overlay.overlay(base);
    expect(second).not.toBe(first);
    expect(second.messages.map((m) => m.id)).toEqual(["m-1", "c1", "c2"]);
    // A new projection state is overlaid afresh.
    const next = stateWith("m-1", "m-2");
    expect(overlay.overlay(next).messages.map((m) => m.id)).toEqual(["m-1", "m-2", "c1", "c2"]);
  });
});
