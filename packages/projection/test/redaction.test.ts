// SEC-01/02 defence in depth: the projection redacts every free-text field it stores, so a caller that
// hands events straight to `projectEvents` (no ingest redaction in front) never puts a secret in state,
// and a secret split across streamed deltas never shows in any snapshot.
import type { AgentUiEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anySecret, leakedNeedle } from "../../contracts/test/secret-corpus";
import { createProjector, projectEvents } from "../src/index";
import { stream } from "./helpers";

const ids = { sessionId: "s", runId: "r", turnId: "t" };

/** One event of most families, each with the free text its reducer keeps. */
function families(): AgentUiEvent[] {
  const e = stream(ids);
  return [
    e("run.started", { payload: { input: "summarise the report" } }),
    e("run.status", { payload: { status: "streaming", label: "thinking about it", reason: "model busy" } }),
    e("reasoning.delta", { messageId: "m1", payload: { delta: "first I will look" } }),
    e("reasoning.summary", { messageId: "m1", payload: { text: "looked at the files" } }),
    e("plan.delta", { messageId: "m1", payload: { delta: "1. read\n2. write" } }),
    e("text.delta", { messageId: "m1", payload: { delta: "The answer " } }),
    e("text.delta", { messageId: "m1", payload: { delta: "is here." } }),
    e("tool.started", {
      toolCallId: "t1",
      payload: { name: "shell", inputSummary: "ls -la", input: { cmd: "ls -la" } },
    }),
    e("tool.args", { toolCallId: "t1", payload: { delta: '{"cmd":"ls"}' } }),
    e("tool.progress", { toolCallId: "t1", payload: { message: "listing files" } }),
    e("tool.output.delta", { toolCallId: "t1", payload: { delta: "file-a\nfile-b\n" } }),
    e("tool.result", { toolCallId: "t1", payload: { output: "file-a\nfile-b", outputPreview: "2 files" } }),
    e("tool.started", {
      toolCallId: "t2",
      payload: { name: "fetch", input: { url: "https://example.com" } },
    }),
    e("tool.result", { toolCallId: "t2", payload: { isError: true, error: "fetch refused by host" } }),
    e("tool.started", { toolCallId: "t3", payload: { name: "write" } }),
    e("tool.failed", { toolCallId: "t3", payload: { error: "disk is full", category: "io" } }),
    e("action.required", {
      actionId: "a1",
      payload: {
        kind: "approval",
        title: "Run the deploy",
        prompt: "May I deploy now?",
        schema: { type: "object" },
      },
    }),
    e("action.resolved", {
      actionId: "a1",
      payload: { decision: "allow", reason: "looks fine", response: { note: "ok" } },
    }),
    e("queue.changed", {
      payload: {
        items: [{ id: "q1", preview: "next: tidy up" }],
        steers: [{ id: "s1", preview: "be brief" }],
      },
    }),
    e("task.changed", {
      taskId: "k1",
      payload: { title: "Write the summary", status: "running", summary: "half done" },
    }),
    e("agent.spawned", {
      agentId: "g1",
      payload: { name: "helper", role: "reviewer", summary: "checks the work" },
    }),
    e("worker.notification", {
      agentId: "g1",
      taskId: "k1",
      payload: { summary: "finished review", status: "completed" },
    }),
    e("context.changed", { payload: { summary: "memory holds the plan", usedTokens: 10 } }),
    e("permission.changed", { payload: { mode: "ask", sandbox: { network: "off", note: "no egress" } } }),
    e("artifact.created", {
      artifactId: "f1",
      payload: { title: "report.md", preview: "# Report\nAll good" },
    }),
    e("artifact.failed", { artifactId: "f1", payload: { error: "render failed: bad table" } }),
    e("evidence.changed", {
      evidenceId: "v1",
      payload: { status: "ready", summary: "two sources", title: "Sources" },
    }),
    e("state.snapshot", { payload: { appState: { notes: "remember the milk", items: ["one"] } } }),
    e("state.delta", { payload: { patch: [{ op: "add", path: "/memo", value: "a memo" }] } }),
    e("diagnostic.changed", {
      payload: { code: "runtime_warning", severity: "warning", message: "slow provider" },
    }),
    e("text.final", { messageId: "m1", payload: { text: "The answer is here." } }),
    e("run.failed", {
      payload: { error: "provider said no", message: "the run failed", category: "provider" },
    }),
  ];
}

/** Every string leaf under `payload` of every event, by event index and key path. */
function stringLeaves(events: AgentUiEvent[]): { index: number; path: (string | number)[] }[] {
  const out: { index: number; path: (string | number)[] }[] = [];
  const walk = (value: unknown, index: number, path: (string | number)[]) => {
    if (typeof value === "string") out.push({ index, path });
    else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i], index, [...path, i]);
    } else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, index, [...path, k]);
  };
  for (let index = 0; index < events.length; index++) walk(events[index].payload, index, ["payload"]);
  return out;
}

function plant(
  events: AgentUiEvent[],
  index: number,
  path: (string | number)[],
  text: (old: string) => string,
) {
  const copy = structuredClone(events);
  let node: Record<string | number, unknown> = copy[index] as unknown as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  node[last] = text(node[last] as string);
  return copy;
}

describe("SEC-01/02 the projection redacts every free-text field it stores", () => {
  const base = families();
  const leaves = stringLeaves(base);

  it("the template reaches state (the planted fields are really stored)", () => {
    const state = projectEvents(base);
    const shown = JSON.stringify(state);
    for (const text of ["fetch refused by host", "disk is full", "The answer is here.", "May I deploy now?"])
      expect(shown).toContain(text);
  });

  it("a secret planted in any payload string of any family never reaches the snapshot", () => {
    fc.assert(
      fc.property(anySecret, fc.nat(leaves.length - 1), fc.boolean(), (secret, at, replace) => {
        const { index, path } = leaves[at];
        const events = plant(base, index, path, (old) =>
          replace ? secret.text : `${old} ${secret.text} ${old}`,
        );
        const leak = leakedNeedle(secret, JSON.stringify(projectEvents(events)));
        expect(leak, `${events[index].type} ${path.join("/")}`).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it("TOOL-03 a tool result's error is redacted inside the projection itself", () => {
    const e = stream(ids);
    const key = ["sk-proj-", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"].join("");
    const state = projectEvents([
      e("tool.started", { toolCallId: "t", payload: { name: "fetch" } }),
      e("tool.result", { toolCallId: "t", payload: { isError: true, error: `401 for key ${key}` } }),
    ]);
    expect(state.tools.t.status).toBe("output-error");
    expect(state.tools.t.error?.message).toBe("401 for key [redacted:openai_api_key]");
  });
});

describe("SEC-02 a secret split across streamed deltas never shows", () => {
  it("at every cut point, in every snapshot taken while it streams and after", () => {
    fc.assert(
      fc.property(
        anySecret,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (secret, cuts, reasoning) => {
          const text = `Here it is: ${secret.text} — keep it safe.`;
          const points = [0, ...new Set(cuts.map((c) => c % text.length)), text.length].sort((a, b) => a - b);
          const e = stream(ids);
          const projector = createProjector();
          projector.apply(e("run.started", { payload: {} }));
          for (let i = 1; i < points.length; i++) {
            const delta = text.slice(points[i - 1], points[i]);
            if (delta === "") continue;
            projector.apply(
              e(reasoning ? "reasoning.delta" : "text.delta", { messageId: "m", payload: { delta } }),
            );
            const leak = leakedNeedle(secret, JSON.stringify(projector.getState().messages));
            expect(leak, `after delta ${i}`).toBeUndefined();
          }
          projector.apply(e("run.finished", { payload: {} }));
          const final = JSON.stringify(projector.getState().messages);
          expect(leakedNeedle(secret, final)).toBeUndefined();
          expect(final).toContain("keep it safe.");
        },
      ),
      { numRuns: 200 },
    );
  });
});
