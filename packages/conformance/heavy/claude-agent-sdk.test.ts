// Live: the real Claude Agent SDK 0.3.332 (bundled Claude Code native CLI) against the standard's loopback
// mock Anthropic API, SDKMessages collected by `query()` → auto-detected adapter → projection. The shared
// capture (claude-agent-sdk.bash-tool.*) covers the same run in the default suite; this proves the adapter
// against what the CLI emits today, plus runs there is no capture for: a canUseTool denial, an allowed
// Write beside a failing command, an async subagent, and an interrupt while a tool runs.
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { assistantTexts, framed } from "../test/peers-support";
import { type ClaudeRun, messageKinds, runClaude } from "./claude-live";
import {
  STARTED,
  allowedAndFailingScript,
  sleeperScript,
  subagentScript,
  until,
  writeScript,
} from "./claude-scenarios";
import { HEAVY_PINS, type LiveProjection, adaptLive, describeHeavy, visibleDiagnostics } from "./support";

const SDK = "@anthropic-ai/claude-agent-sdk";

function toolByName(live: LiveProjection, name: string) {
  return Object.values(live.state.tools).find((t) => t.name === name);
}

describeHeavy("heavy: claude-agent-sdk live bash-tool run", SDK, (pkg) => {
  let run: ClaudeRun;
  let live: LiveProjection;
  beforeAll(async () => {
    run = await runClaude(pkg.entryUrl, { prompt: "Say hello using bash" });
    live = adaptLive(run.messages);
  });

  it("ENV-01 the pinned SDK produced the run, and auto-detection picks claude-agent-sdk", () => {
    expect(pkg.version).toBe(HEAVY_PINS[SDK]);
    expect(messageKinds(run.messages)).toContain("result:success");
    expect(live.detected).toBe("claude-agent-sdk");
  });

  it("ENV-01 the CLI still emits the shared capture's message sequence (the default suite's input is current)", () => {
    const captured = framed("claude-agent-sdk.bash-tool.sdkmessages.jsonl").map((r) => r.value);
    expect(messageKinds(run.messages, true)).toEqual(messageKinds(captured, true));
  });

  it("ENV-03 the same messages written as JSONL and read back project identically", () => {
    expect(adaptLive(JSON.parse(JSON.stringify(run.messages))).state).toEqual(live.state);
  });

  it("TEXT-04 streamed deltas plus the per-block assistant snapshot show each text once", () => {
    // The run really restated streamed text: text deltas and an `assistant` snapshot of the same message.
    const deltas = run.messages.filter((m) => JSON.stringify(m).includes('"text_delta"'));
    expect(deltas.length).toBeGreaterThan(1);
    expect(assistantTexts(live.state).map(([, agent, text]) => [agent, text])).toEqual([
      [undefined, "I will run a command."],
      [undefined, "The command printed hello-from-mock."],
    ]);
    const ids = assistantTexts(live.state).map(([id]) => id);
    expect(new Set(ids).size).toBe(2);
  });

  it("TOOL-01 Bash toolu_mock_1 really ran and ends output-available with hello-from-mock", () => {
    expect(live.state.tools.toolu_mock_1).toMatchObject({
      name: "Bash",
      kind: "command",
      status: "output-available",
      outputPreview: "hello-from-mock",
    });
    expect(live.state.tools.toolu_mock_1.inputSummary).toBe("echo hello-from-mock");
  });

  it("HITL-01 no approval was pending: canUseTool was never called and no action card exists", () => {
    expect(run.permissionCalls).toEqual([]);
    expect(live.state.actions).toEqual({});
  });

  it("STAT-08 the result finishes the run with the model, turns and usage, and nothing is flagged", () => {
    expect(live.state.runtime.status).toBe("completed");
    expect(live.state.runtime.model.selected).toBe("claude-sonnet-4-5");
    expect(live.state.metrics["run.turns"]).toBe(2);
    expect(live.state.metrics["tokens.output"]).toBeGreaterThan(0);
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});

describeHeavy("heavy: claude-agent-sdk live canUseTool denial", SDK, (pkg) => {
  let run: ClaudeRun;
  let live: LiveProjection;
  beforeAll(async () => {
    run = await runClaude(pkg.entryUrl, {
      prompt: "Write my plan to a file",
      script: writeScript,
      decide: () => ({ behavior: "deny", message: "User denied the write" }),
    });
    live = adaptLive(run.messages);
  });

  it("PERM-02 the CLI asked canUseTool once, for the Write", () => {
    expect(run.permissionCalls.map((c) => [c.toolName, c.toolUseID])).toEqual([["Write", "toolu_write_1"]]);
  });

  it("HITL-04 the denied tool never ran: no file, and the row is a denial, never output-available", () => {
    expect(run.workFiles).not.toContain("denied.txt");
    const tool = live.state.tools.toolu_write_1;
    expect(tool.status).toBe("output-error");
    expect(tool.error).toMatchObject({ category: "denied", message: "User denied the write" });
    expect(live.events.some((e) => e.type === "tool.result" && e.toolCallId === "toolu_write_1")).toBe(false);
  });

  it("HITL-10 the denial is an audited, resolved decision by the user, with no approval left pending", () => {
    expect(Object.values(live.state.actions)).toEqual([
      expect.objectContaining({
        actionId: "permission:toolu_write_1",
        status: "resolved",
        decision: "reject",
        toolCallId: "toolu_write_1",
        toolName: "Write",
      }),
    ]);
    expect(live.state.actions["permission:toolu_write_1"].auditSummary).toContain("user");
    expect(live.state.permissions.decisions.map((d) => d.decision)).toEqual(["reject"]);
  });

  it("STAT-08 the run still completes with the model's answer, shown once", () => {
    expect(assistantTexts(live.state).map(([, , text]) => text)).toEqual([
      "I will write a file.",
      "The write was not allowed.",
    ]);
    expect(live.state.runtime.status).toBe("completed");
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});

describeHeavy("heavy: claude-agent-sdk live approved Write and a failing Bash", SDK, (pkg) => {
  let run: ClaudeRun;
  let live: LiveProjection;
  beforeAll(async () => {
    run = await runClaude(pkg.entryUrl, {
      prompt: "Write ok.txt, then check",
      script: allowedAndFailingScript,
    });
    live = adaptLive(run.messages);
  });

  it("PERM-02 the user's allow is a permission decision per tool, never an invented action card", () => {
    expect(run.permissionCalls.map((c) => c.toolUseID)).toEqual(["toolu_write_ok", "toolu_bash_fail"]);
    expect(live.state.permissions.decisions.map((d) => [d.id, d.decision])).toEqual([
      ["toolu_write_ok", "accept"],
      ["toolu_bash_fail", "accept"],
    ]);
    expect(live.state.actions).toEqual({});
  });

  it("TOOL-01 the allowed Write really ran and ends output-available", () => {
    expect(run.workFiles).toContain("ok.txt");
    expect(live.state.tools.toolu_write_ok).toMatchObject({ kind: "file", status: "output-available" });
  });

  it("TOOL-01 a failing command is an error with its output, not a denial and not a success", () => {
    const tool = live.state.tools.toolu_bash_fail;
    expect(tool.status).toBe("output-error");
    expect(tool.error?.message).toContain("Exit code 3");
    expect(tool.error?.category).not.toBe("denied");
    expect(tool.outputPreview).toContain("partial");
  });

  it("STAT-08 the run completes with both answers, each once", () => {
    expect(assistantTexts(live.state).map(([, , text]) => text)).toEqual([
      "Writing, then checking.",
      "Written; the check failed.",
    ]);
    expect(live.state.runtime.status).toBe("completed");
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});

describeHeavy("heavy: claude-agent-sdk live async subagent", SDK, (pkg) => {
  let run: ClaudeRun;
  let live: LiveProjection;
  beforeAll(async () => {
    // The Agent tool is async: the parent's turn ends with a `result` before the subagent finishes; the
    // CLI then wakes the parent with the notification and ends with a second `result`.
    run = await runClaude(pkg.entryUrl, { prompt: "Delegate an echo", script: subagentScript, results: 2 });
    live = adaptLive(run.messages);
  });

  it("TEAM-02 parent_tool_use_id keeps the subagent distinct, with a known parent and a spawn edge", () => {
    const agentId = "subagent:toolu_agent_1";
    expect(Object.keys(live.state.agents)).toEqual([agentId]);
    const agent = live.state.agents[agentId];
    expect(agent).toMatchObject({ name: "general-purpose", status: "completed", lineage: "known" });
    expect(live.state.team.edges).toEqual([
      expect.objectContaining({ kind: "spawn", to: agentId, from: agent.parentSessionId }),
    ]);
  });

  it("TEXT-04 TEXT-07 parent and subagent texts stay apart: the subagent speaks only under its own id", () => {
    const texts = assistantTexts(live.state).map(([, agent, text]) => [agent, text]);
    expect(texts).toContainEqual([undefined, "Delegating."]);
    expect(texts).toContainEqual(["subagent:toolu_agent_1", "Subagent ran echo."]);
    expect(texts.filter(([agent]) => agent === "subagent:toolu_agent_1")).toEqual([
      ["subagent:toolu_agent_1", "Subagent ran echo."],
    ]);
    // The subagent's thinking is process under its own message, never answer text; its detail text is
    // withheld by the default policy (TEXT-07).
    const thinking = live.state.messages.flatMap((m) =>
      m.parts.filter((p) => p.kind === "reasoning_detail").map((p) => [m.agentId, p.text]),
    );
    expect(thinking).toEqual([["subagent:toolu_agent_1", undefined]]);
    expect(texts.map(([, text]) => text)).not.toContain("Subagent: run echo.");
  });

  it("TOOL-01 the subagent's Bash belongs to the subagent and ends output-available", () => {
    expect(live.state.tools.toolu_sub_bash).toMatchObject({
      name: "Bash",
      status: "output-available",
      outputPreview: "hello-from-subagent",
      agentId: "subagent:toolu_agent_1",
    });
    expect(toolByName(live, "Agent")?.status).toBe("output-available");
  });

  it("PERM-02 the subagent's Write asked canUseTool on the subagent's behalf, ran, and stays the subagent's", () => {
    const task = Object.values(live.state.tasks)[0];
    expect(run.permissionCalls.map((c) => [c.toolName, c.toolUseID, c.agentID])).toEqual([
      ["Write", "toolu_sub_write", task?.taskId],
    ]);
    expect(run.workFiles).toContain("notes.txt");
    expect(live.state.tools.toolu_sub_write).toMatchObject({
      status: "output-available",
      agentId: "subagent:toolu_agent_1",
      inputSummary: expect.stringMatching(/notes\.txt$/),
    });
    expect(live.state.permissions.decisions).toContainEqual(
      expect.objectContaining({ id: "toolu_sub_write", decision: "accept" }),
    );
    expect(live.state.actions).toEqual({});
  });

  it("TEAM-06 the background task completes with a worker notification, and no tool is left open", () => {
    const tasks = Object.values(live.state.tasks);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ status: "completed", agentId: "subagent:toolu_agent_1" });
    expect(live.state.team.notifications).toEqual([
      expect.objectContaining({ status: "completed", summary: "Subagent ran echo." }),
    ]);
    expect(live.state.runtime.status).toBe("completed");
    // Neither a stalled stream nor an async tool closed as unfinished at the parent's first result.
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});

describeHeavy("heavy: claude-agent-sdk live interrupt while a tool runs", SDK, (pkg) => {
  let run: ClaudeRun;
  let live: LiveProjection;
  beforeAll(async () => {
    let workDir = "";
    let armed = false;
    run = await runClaude(pkg.entryUrl, {
      prompt: "Run the long job",
      script: (dir) => {
        workDir = dir;
        return sleeperScript();
      },
      // Interrupt only once the command really runs (it wrote its marker file), whatever the machine load.
      onMessage: (message, controls) => {
        if (armed || message.type !== "assistant" || !JSON.stringify(message).includes("toolu_sleep")) return;
        armed = true;
        until(() => existsSync(path.join(workDir, STARTED)), 60_000)
          .then(() => controls.interrupt())
          .catch(() => {}); // a failed interrupt shows as a completed run below
      },
    });
    live = adaptLive(run.messages);
  });

  it("TOOL-11 the running command is cancelled: neither output-available, nor an error, nor a denial", () => {
    expect(run.workFiles).toContain(STARTED);
    expect(live.state.tools.toolu_sleep.status).toBe("cancelled");
    expect(live.state.actions).toEqual({});
  });

  it("STAT-07 the run ends cancelled by the user, not failed and not completed; no answer is invented", () => {
    expect(messageKinds(run.messages).at(-1)).toBe("result:error_during_execution");
    expect(live.state.runtime.status).toBe("cancelled");
    expect(live.state.runtime.reason).toBe("interrupted by user");
    expect(live.state.runtime.failure).toBeUndefined();
    expect(assistantTexts(live.state).map(([, , text]) => text)).toEqual(["Starting a long job."]);
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});
