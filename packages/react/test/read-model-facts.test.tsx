// @vitest-environment happy-dom
// Read-model facts the projection keeps, shown on the surfaces that own them: the routing decision on the
// status row, a job's items on its capsule, a benchmark trial on its evidence card, and the runtime's
// honesty words on the status row — each projected from real events.
import { createProjector, projectEvents } from "@agent-ui/projection";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EvidenceLane } from "../src/evidence-lane";
import { RuntimeStatus } from "../src/runtime-status";
import { TaskCapsules } from "../src/task-capsules";
import { eventStream } from "./helpers";

afterEach(cleanup);

describe("read-model facts on their surfaces", () => {
  it("RT-AS-14 ROUTE-04 the status row shows candidates, the decision's reason and the capability gap", () => {
    const e = eventStream({ sessionId: "s", turnId: "t1" });
    const routing = {
      selectedModel: "gpt-5.4",
      decisionSource: "explicit_default",
      decisionReason: "only model allowed by policy",
      candidateCount: 1,
      singleCandidate: true,
      capabilityGap: "no image input",
    };
    const state = projectEvents([
      e("run.started"),
      e("run.status", { payload: { status: "routing", routing } }),
    ]);
    render(<RuntimeStatus runtime={state.runtime} />);
    const row = screen.getByLabelText("Runtime status");
    expect(within(row).getByText("model: gpt-5.4")).toBeTruthy();
    // A single candidate is a plain fact, not a warning (ROUTE-04).
    expect(within(row).getByText("routing: 1 candidate").className).toContain("aui-tone-muted");
    expect(within(row).getByText("why: explicit_default: only model allowed by policy")).toBeTruthy();
    expect(within(row).getByText("capability gap: no image input").className).toContain("aui-tone-warn");
  });

  it("RT-AS-14 a capability gap the runtime states as `none` is no gap and no warning", () => {
    const e = eventStream({ sessionId: "s", turnId: "t1" });
    const routing = { selectedModel: "gpt-5.4", candidateCount: 1, capabilityGap: "none" };
    const state = projectEvents([
      e("run.started"),
      e("run.status", { payload: { status: "routing", routing } }),
    ]);
    render(<RuntimeStatus runtime={state.runtime} />);
    expect(screen.getByText("routing: 1 candidate")).toBeTruthy();
    expect(screen.getByLabelText("Runtime status").textContent).not.toContain("capability gap");
  });

  it("RT-AS-14 without routing facts the row adds nothing (no invented candidates or gap)", () => {
    const e = eventStream({ sessionId: "s", turnId: "t1" });
    const state = projectEvents([e("run.started"), e("run.status", { payload: { status: "streaming" } })]);
    render(<RuntimeStatus runtime={state.runtime} />);
    const row = screen.getByLabelText("Runtime status");
    expect(row.textContent).not.toMatch(/routing:|why:|capability gap/);
  });

  it("RT-AS-17 TASK-12 a job capsule shows item counts, the failed item's attempts and last error, apart from the job", () => {
    const e = eventStream({ sessionId: "s", taskId: "job-1", runtimeEntity: "automation_job" });
    const job = (fields: Record<string, unknown>) => e("task.changed", { payload: { job: fields } });
    const state = projectEvents([
      e("task.changed", { payload: { status: "running", title: "Lint files" } }),
      job({ jobItemId: "a.ts", itemStatus: "completed", attempts: 1 }),
      job({ jobItemId: "b.ts", itemStatus: "failed", attempts: 1, error: "parse error at 3:1" }),
      job({ total: 2, completed: 1, failed: 1 }),
      job({ jobItemId: "b.ts", itemStatus: "running", attempts: 2, retryable: true }),
    ]);
    const { container } = render(<TaskCapsules tasks={state.tasks} queue={state.queue} />);
    // The job keeps its own status; its items' statuses are apart from it.
    expect(container.querySelector(".aui-capsule")?.getAttribute("data-state")).toBe("running");
    expect(screen.getByText("items: 1/2 done · 1 failed")).toBeTruthy();
    const flagged = screen.getByRole("list", { name: "Items needing attention in Lint files" });
    // The retrying item keeps the error it last failed with and its new attempt count.
    expect(flagged.textContent).toContain("b.ts");
    expect(flagged.textContent).toContain("2 attempts");
    expect(flagged.textContent).toContain("last error: parse error at 3:1");
    expect(flagged.textContent).not.toContain("a.ts");
    fireEvent.click(screen.getByRole("button", { name: "Details of Lint files" }));
    const all = screen.getByRole("list", { name: "Items of Lint files" });
    expect(
      within(all)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("data-status")),
    ).toEqual(["completed", "running"]);
  });

  it("RT-AS-18 BENCH-01 an evidence card shows the trial, its refs, P0 count and the comparison", () => {
    const e = eventStream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev-trial",
        payload: {
          status: "exported",
          benchmark: {
            benchmark: { datasetId: "runtime-tasks", datasetVersion: "v2", trialId: "trial-1" },
            refs: { trajectoryRef: "/logs/agent/trajectory.json", rewardRef: "/logs/verifier/reward.json" },
            reward: { value: 1 },
            decisionInputs: { p0QcGateRegressionCount: 0 },
            comparison: {
              baseline: "baseline-v1",
              candidate: "candidate-v2",
              deltas: { reward: 0.25, durationMs: -300 },
              evidenceCompleteness: 1,
            },
          },
        },
      }),
    ]);
    render(<EvidenceLane evidence={state.evidence} />);
    const trial = screen.getByLabelText("Benchmark trial of ev-trial");
    const pairs = [...trial.querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ["dataset", "runtime-tasks · v2"],
      ["trial", "trial-1"],
      ["trajectory", "/logs/agent/trajectory.json"],
      ["reward", "1 · /logs/verifier/reward.json"],
      ["P0 regressions", "0"],
      ["baseline", "baseline-v1"],
      ["candidate", "candidate-v2"],
      ["deltas", "reward +0.25, durationMs -300"],
      ["evidence completeness", "1"],
    ]);
  });

  it("FALL-03 a thread stated `unavailable` or `not_applicable` reads as that, not as `unknown`", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "not_applicable" } });
    const { rerender } = render(<RuntimeStatus runtime={p.getState().runtime} />);
    expect(screen.getByRole("status").textContent).toContain("Status not applicable");
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "unavailable" } });
    rerender(<RuntimeStatus runtime={p.getState().runtime} />);
    expect(screen.getByRole("status").textContent).toContain("Status unavailable");
    // A later real status clears the stated word.
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "completed" } });
    rerender(<RuntimeStatus runtime={p.getState().runtime} />);
    expect(screen.getByRole("status").textContent).toContain("Completed");
    expect(p.getState().runtime.statedStatus).toBeUndefined();
  });

  it("FALL-03 run.status `not_applicable` keeps the row's unknown state but names the word", () => {
    const e = eventStream({ sessionId: "s", turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("run.status", { payload: { status: "not_applicable" } }),
    ]);
    expect(state.runtime.status).toBe("unknown");
    render(<RuntimeStatus runtime={state.runtime} />);
    expect(screen.getByRole("status").textContent).toContain("Status not applicable");
    expect(screen.getByRole("status").textContent).not.toContain("Status unknown");
  });
});
