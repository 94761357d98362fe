// A part restored from storage follows later facts exactly as the live part does, whichever way it was
// restored (HYD-09, HYD-13, ARCH-04): loaded with a stored projection, added to a cut message made whole
// (`completeMessage`), or carried by a `messages.snapshot`. Each case projects a turn that puts one
// referencing part (a delegation, a citation, an artifact card, an action card) into the coordinator's
// message, restores that message one way, applies a later fact about the part's entity, and compares the
// part with the one live projection of the same events shows.
import type { AgentUiEvent, Message, MessageCut, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type Emit = ReturnType<typeof stream>;

interface Case {
  /** Requirement IDs and what the later fact does. */
  name: string;
  /** Events of turn t1 that leave message m1 as [the part, the answer text]. */
  before: (e: Emit) => AgentUiEvent[];
  /** A later fact about the part's entity. */
  later: (e: Emit) => AgentUiEvent[];
}

const CASES: Case[] = [
  {
    name: "TEAM-02 / TASK-06 a delegation's agent_task part is finished by its worker's completion",
    before: (e) => [
      e("agent.spawned", {
        turnId: "t1",
        agentId: "w1",
        taskId: "k1",
        parentSessionId: "s",
        parentThreadId: "th",
        runtimeEntity: "subagent_turn",
        payload: { agentName: "researcher", status: "running" },
      }),
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "Delegating the research." } }),
    ],
    later: (e) => [
      e("text.delta", { turnId: "t2", messageId: "m2", payload: { delta: "Next." } }),
      e("agent.changed", { turnId: "t2", agentId: "w1", payload: { status: "completed" } }),
    ],
  },
  {
    name: "TASK-02 a child task's agent_task part is finished by the task's completion",
    before: (e) => [
      e("task.changed", {
        turnId: "t1",
        taskId: "k2",
        payload: { parentTaskId: "k0", title: "Check the sources", status: "running" },
      }),
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "Split off a check." } }),
    ],
    later: (e) => [
      e("text.delta", { turnId: "t2", messageId: "m2", payload: { delta: "Next." } }),
      e("task.changed", { turnId: "t2", taskId: "k2", payload: { status: "completed" } }),
    ],
  },
  {
    name: "EVID-03 an evidence_ref part gets its sources from a later update and is never cited twice",
    before: (e) => [
      e("evidence.changed", {
        turnId: "t1",
        messageId: "m1",
        evidenceId: "ev1",
        payload: { status: "pending" },
      }),
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "The answer." } }),
    ],
    later: (e) => [
      e("text.delta", { turnId: "t2", messageId: "m2", payload: { delta: "Exported." } }),
      e("evidence.changed", {
        turnId: "t2",
        messageId: "m2",
        evidenceId: "ev1",
        payload: {
          status: "exported",
          citations: [{ id: "src1", url: "https://example.com/a", title: "Source A" }],
        },
      }),
    ],
  },
  {
    name: "ART-04 / ART-10 an artifact card shows the artifact's new version and stays its one card",
    before: (e) => [
      e("artifact.created", {
        turnId: "t1",
        messageId: "m1",
        artifactId: "a1",
        artifactKind: "report",
        payload: { title: "Doc" },
      }),
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "Drafted." } }),
    ],
    later: (e) => [
      e("text.delta", { turnId: "t2", messageId: "m2", payload: { delta: "Revised." } }),
      e("artifact.version.created", {
        turnId: "t2",
        messageId: "m2",
        artifactId: "a1",
        artifactVersionId: "v2",
        payload: { title: "Doc v2" },
      }),
    ],
  },
  {
    name: "HITL-03 an action card is closed by the action's resolution",
    before: (e) => [
      e("action.required", {
        turnId: "t1",
        messageId: "m1",
        actionId: "x1",
        payload: { actionType: "tool_approval", title: "Delete file?" },
      }),
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "Waiting for you." } }),
    ],
    later: (e) => [
      e("action.resolved", { actionId: "x1", payload: { outcome: "resolved", decision: "allow" } }),
    ],
  },
];

const REFERENCING = new Set(["agent_task", "evidence_ref", "artifact_ref", "action_required"]);

/** Every referencing part of the state, where it sits and what it shows. */
function referencing(state: ProjectionState) {
  return state.messages.flatMap((m) =>
    m.parts
      .filter((p) => REFERENCING.has(p.kind))
      .map((p) => ({
        message: m.id,
        id: p.id,
        status: p.status,
        expanded: p.expanded,
        data: p.data,
        citations: p.citations,
      })),
  );
}

/** The stored state with message m1 cut to the last three characters of its answer (its last part). */
function cut(state: ProjectionState): { stored: ProjectionState; whole: Message; meta: MessageCut } {
  const whole = state.messages.find((m) => m.id === "m1") as Message;
  const answer = whole.parts[whole.parts.length - 1];
  const text = answer.text as string;
  const meta: MessageCut = {
    messageId: "m1",
    bytes: JSON.stringify(whole).length,
    parts: { total: whole.parts.length, included: 1 },
    text: { partId: answer.id, total: text.length, included: 3 },
  };
  const cutMessage: Message = { ...whole, parts: [{ ...answer, text: text.slice(-3) }] };
  const messages = state.messages.map((m) => (m.id === "m1" ? cutMessage : m));
  return { stored: { ...state, messages }, whole, meta };
}

type Restore = (e: Emit, stored: ProjectionState) => ReturnType<typeof createProjector>;

const RESTORES: [string, string, Restore][] = [
  [
    "ARCH-04",
    "loaded with a stored projection",
    (_e, stored) => {
      const p = createProjector();
      p.hydrate({ kind: "projection", state: stored });
      return p;
    },
  ],
  [
    "HYD-13",
    "added when a cut message is made whole",
    (_e, stored) => {
      const { stored: window, whole, meta } = cut(stored);
      const p = createProjector();
      p.hydrate({ kind: "projection", state: window });
      expect(p.completeMessage(whole, meta)).toBe(true);
      return p;
    },
  ],
  [
    "HYD-09",
    "carried by a messages.snapshot",
    (e, stored) => {
      const p = createProjector();
      p.hydrate({ kind: "projection", state: { ...stored, messages: [] } });
      p.apply(e("messages.snapshot", { payload: { messages: stored.messages } }));
      return p;
    },
  ],
];

describe("a restored part follows later facts as the live part does (HYD-09, HYD-13, ARCH-04)", () => {
  for (const [id, how, restore] of RESTORES)
    it.each(CASES)(`${id} / $name: a part ${how}`, ({ before, later }) => {
      const e = stream({ sessionId: "s", threadId: "th" });
      const earlier = before(e);
      const stored = projectEvents(earlier);
      const tail = later(e);
      const restored = restore(stream({}, "restatement"), stored);
      restored.applyAll(tail);
      const live = referencing(projectEvents([...earlier, ...tail]));
      // The live projection keeps one part, in m1, changed by the later fact.
      expect(live.map((part) => part.message)).toEqual(["m1"]);
      expect(referencing(stored)).not.toEqual(live);
      expect(referencing(restored.getState())).toEqual(live);
    });
});

describe("a part a snapshot restates shows its fact as it stands (HYD-09)", () => {
  it.each(CASES)(
    "HYD-09 / $name: before that fact, the restated part shows the held record",
    ({ before }) => {
      const e = stream({ sessionId: "s", threadId: "th" });
      const stored = projectEvents(before(e));
      const [, , restate] = RESTORES[2];
      const restored = restate(stream({}, "restatement"), stored);
      expect(referencing(restored.getState())).toEqual(referencing(stored));
    },
  );
});

describe("a stored part restating a fact another part already shows (ARCH-04)", () => {
  const TOOL: Case = {
    name: "TOOL-01 a tool part is finished by the tool's result",
    before: (e) => [
      e("tool.started", { turnId: "t1", messageId: "m1", toolCallId: "c1", payload: { toolName: "shell" } }),
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "Ran it." } }),
    ],
    later: (e) => [e("tool.result", { turnId: "t1", toolCallId: "c1", payload: { output: "ok" } })],
  };
  const parts = (state: ProjectionState) =>
    state.messages.flatMap((m) =>
      m.parts
        .filter((p) => p.kind !== "assistant_text" && p.kind !== "user_text")
        .map((p) => ({ message: m.id, id: p.id, status: p.status, data: p.data, citations: p.citations })),
    );

  it.each([TOOL, ...CASES])(
    "ARCH-04 / $name: the first part is the one the fact updates; the restating copy keeps what it showed",
    ({ before, later }) => {
      const e = stream({ sessionId: "s", threadId: "th" });
      const earlier = before(e);
      const stored = projectEvents(earlier);
      const m1 = stored.messages.find((m) => m.id === "m1") as Message;
      const copy: Message = {
        ...m1,
        id: "m1-copy",
        parts: m1.parts.filter((p) => p.kind !== "assistant_text"),
      };
      const p = createProjector();
      p.hydrate({ kind: "projection", state: { ...stored, messages: [...stored.messages, copy] } });
      const tail = later(e);
      p.applyAll(tail);
      const live = parts(projectEvents([...earlier, ...tail]));
      const state = p.getState();
      expect(parts(state).filter((part) => part.message === "m1")).toEqual(live);
      expect(parts(state).filter((part) => part.message === "m1-copy")).toEqual(
        parts(stored).map((part) => ({ ...part, message: "m1-copy" })),
      );
      expect(live).not.toEqual(parts(stored));
    },
  );
});

describe("what a restored part shows before any later fact (ARCH-04, HYD-09)", () => {
  const shown = (state: ProjectionState, id: string) =>
    referencing(state).filter((part) => part.message === id);

  it.each(CASES)(
    "ARCH-04 / $name: a stored part keeps what it showed when stored, even behind its record",
    ({ before, later }) => {
      const e = stream({ sessionId: "s", threadId: "th" });
      const earlier = before(e);
      const then = projectEvents(earlier);
      const now = projectEvents([...earlier, ...later(e)]);
      expect(shown(now, "m1")).not.toEqual(shown(then, "m1"));
      const p = createProjector();
      p.hydrate({ kind: "projection", state: { ...now, messages: then.messages } });
      expect(shown(p.getState(), "m1")).toEqual(shown(then, "m1"));
    },
  );

  it.each(CASES)(
    "HYD-09 / $name: a snapshot restating an older copy of the part shows the record as it stands",
    ({ before, later }) => {
      const e = stream({ sessionId: "s", threadId: "th" });
      const earlier = before(e);
      const then = projectEvents(earlier);
      const tail = later(e);
      const p = createProjector();
      p.applyAll([...earlier, ...tail]);
      p.apply(stream({}, "restatement")("messages.snapshot", { payload: { messages: then.messages } }));
      expect(shown(p.getState(), "m1")).toEqual(shown(projectEvents([...earlier, ...tail]), "m1"));
    },
  );

  it.each(CASES)(
    "HYD-09 / $name: a snapshot restating an older copy of a part not held shows the record as it stands",
    ({ before, later }) => {
      const e = stream({ sessionId: "s", threadId: "th" });
      const earlier = before(e);
      const then = projectEvents(earlier);
      const now = projectEvents([...earlier, ...later(e)]);
      const p = createProjector();
      p.hydrate({ kind: "projection", state: { ...now, messages: [] } });
      p.apply(stream({}, "restatement")("messages.snapshot", { payload: { messages: then.messages } }));
      expect(shown(p.getState(), "m1")).toEqual(shown(now, "m1"));
    },
  );

  it.each(CASES)(
    "HYD-09 / $name: a snapshot restating a part whose fact is unknown keeps the part",
    ({ before }) => {
      const stored = projectEvents(before(stream({ sessionId: "s", threadId: "th" })));
      const p = createProjector();
      p.apply(stream({}, "restatement")("messages.snapshot", { payload: { messages: stored.messages } }));
      // Process parts a snapshot restates come back done (messages-snapshot rules); the part stays.
      expect(shown(p.getState(), "m1").map(({ id }) => id)).toEqual(shown(stored, "m1").map(({ id }) => id));
    },
  );
});
