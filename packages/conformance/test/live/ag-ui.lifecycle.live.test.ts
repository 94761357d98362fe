// Live: the run lifecycle rules of `@ag-ui/client`'s own verifier (`verifyEvents`). For each stream, the
// record the SDK rejects first must be the record the adapter reports first with a lifecycle diagnostic
// (`out_of_order` / `execution_after_turn_terminal`), and a stream the SDK accepts draws no such report.
import { verifyEvents } from "@ag-ui/client";
import type { BaseEvent } from "@ag-ui/core";
import { adaptRecords } from "@agent-ui/adapters";
import { from } from "rxjs";
import { describe, expect, it } from "vitest";

const LIFECYCLE = new Set(["out_of_order", "execution_after_turn_terminal"]);

/** The index of the first record the SDK's verifier rejects, or `undefined` when it accepts them all. */
function sdkRejects(records: Record<string, unknown>[]): Promise<number | undefined> {
  // The SDK's operator is typed against its own copy of rxjs: only its subscribe is used here.
  const verified = verifyEvents()(from(records as unknown as BaseEvent[]) as never) as unknown as {
    subscribe(observer: { next: () => void; error: () => void; complete: () => void }): unknown;
  };
  return new Promise((resolve) => {
    let passed = 0;
    verified.subscribe({
      next: () => void passed++,
      error: () => resolve(passed),
      complete: () => resolve(undefined),
    });
  });
}

/** The index of the first record the adapter reports a lifecycle diagnostic for. */
function adapterReports(records: Record<string, unknown>[]): number | undefined {
  const report = adaptRecords(records, "ag-ui").events.find(
    (e) => e.type === "diagnostic.changed" && LIFECYCLE.has((e.payload as { code: string }).code),
  );
  return report?.source?.index;
}

const started = (runId: string) => ({ type: "RUN_STARTED", threadId: "t1", runId });
const finished = (runId: string) => ({ type: "RUN_FINISHED", threadId: "t1", runId });
const step = { type: "STEP_STARTED", stepName: "plan" };
const stepEnd = { type: "STEP_FINISHED", stepName: "plan" };
const error = { type: "RUN_ERROR", message: "boom" };

const CASES: [string, Record<string, unknown>[], number | undefined][] = [
  ["a run that starts and finishes", [started("r1"), step, stepEnd, finished("r1")], undefined],
  ["two runs one after the other", [started("r1"), finished("r1"), started("r2"), finished("r2")], undefined],
  ["a run that fails", [started("r1"), step, error], undefined],
  ["a stream that is only a failure (the run never started)", [error], undefined],
  ["a failure reported after the run finished", [started("r1"), finished("r1"), error], undefined],
  ["a new run after a failure", [started("r1"), error, started("r2"), finished("r2")], undefined],
  ["a first event that is not RUN_STARTED", [step, started("r1")], 0],
  ["a stream that opens with RUN_FINISHED", [finished("r1"), step], 0],
  ["an event after RUN_FINISHED", [started("r1"), finished("r1"), step], 2],
  ["an event after RUN_ERROR", [started("r1"), error, step], 2],
  ["an event after a stream that is only a failure", [error, step], 1],
  ["RUN_STARTED while the run is still active", [started("r1"), step, started("r2")], 2],
];

describe("live @ag-ui/client: the run lifecycle the verifier enforces", () => {
  it.each(CASES)("DIAG-02 %s", async (_label, records, rejected) => {
    expect(await sdkRejects(records)).toBe(rejected);
    expect(adapterReports(records)).toBe(rejected);
  });
});
