import { describe, expect, it } from "vitest";
import { createDemoRuntime, type DemoScenario } from "../src";
import { write } from "./harness";
import { type DemoProcess, join, ProcessRunner, type Script, sleep } from "../src/process";

describe("demo process runner", () => {
  it("runs processes in logical time order and resumes joiners when all children end", () => {
    const log: string[] = [];
    const runner = new ProcessRunner(() => {});
    const worker = (name: string, ms: number) =>
      function* (): Script {
        yield sleep(ms);
        log.push(`${name}@${runner.time}`);
      };
    const self: { process?: DemoProcess } = {};
    const parent = runner.spawn(
      "parent",
      (function* (): Script {
        const a = runner.spawn("a", worker("a", 30)(), undefined, self.process);
        const b = runner.spawn("b", worker("b", 10)(), undefined, self.process);
        yield join(a, b);
        log.push(`joined@${runner.time}`);
      })(),
    );
    self.process = parent;
    runner.runUntilIdle();
    expect(log).toEqual(["b@10", "a@30", "joined@30"]);
    expect(parent.state).toBe("done");
  });

  it("a script that throws is reported and cancelled, and the runner keeps going", () => {
    const faults: string[] = [];
    const runner = new ProcessRunner((id, reason) => faults.push(`${id}: ${reason}`));
    let after = false;
    const broken = runner.spawn(
      "broken",
      (function* (): Script {
        yield sleep(5);
        throw new Error("boom");
      })(),
    );
    runner.spawn(
      "healthy",
      (function* (): Script {
        yield sleep(10);
        after = true;
      })(),
    );
    expect(() => runner.runUntilIdle()).not.toThrow();
    expect(faults).toEqual(["broken: boom"]);
    expect(broken.state).toBe("cancelled");
    expect(after).toBe(true);
  });

  it("a script that never waits is stopped instead of hanging the runtime", () => {
    const faults: string[] = [];
    const runner = new ProcessRunner((id) => faults.push(id));
    const spinning = runner.spawn(
      "spin",
      (function* (): Script {
        for (;;) yield join();
      })(),
    );
    runner.runUntilIdle();
    expect(faults).toEqual(["spin"]);
    expect(spinning.state).toBe("cancelled");
  });

  it("cancelling a parent cancels its children; their scripts never run again", () => {
    const log: string[] = [];
    const runner = new ProcessRunner(() => {});
    const parent = runner.spawn(
      "parent",
      (function* (): Script {
        yield sleep(1_000);
      })(),
    );
    const child = runner.spawn(
      "child",
      (function* (): Script {
        yield sleep(10);
        log.push("child ran");
      })(),
      undefined,
      parent,
    );
    runner.cancel(parent);
    runner.runUntilIdle();
    expect(log).toEqual([]);
    expect(child.state).toBe("cancelled");
  });
});

describe("demo runtime: a failing script", () => {
  it("a turn whose script throws ends as failed with its open tool closed and a runtime error", () => {
    const broken: DemoScenario = {
      name: "broken",
      title: "Broken",
      description: "throws mid-tool",
      openingPrompt: "go",
      *turn(ctx) {
        ctx.emit("tool.started", { toolName: "read_file" }, { stepId: "step_1", toolCallId: "call_1" });
        yield ctx.pause(10);
        throw new Error("scenario bug");
      },
    };
    const runtime = createDemoRuntime({ scenario: broken, manual: true });
    runtime.start();
    expect(() => runtime.runUntilIdle()).not.toThrow();
    const types = runtime.events().map((e) => e.type);
    expect(types.slice(-4)).toEqual(["runtime.error", "tool.failed", "turn.failed", "snapshot.updated"]);
    expect(runtime.events().find((e) => e.type === "runtime.error")?.payload).toMatchObject({
      code: "demo_script_failed",
      message: "scenario bug",
      terminal: true,
    });
    expect(runtime.activeTurnId).toBeUndefined();
    // The runtime still takes the next turn.
    expect(write(runtime, { kind: "send", text: "again" }).status).toBe("accepted");
  });

  it("a worker whose script throws is closed alone; the turn carries on to its answer", () => {
    const scenario: DemoScenario = {
      name: "broken-worker",
      title: "Broken worker",
      description: "a worker throws",
      openingPrompt: "go",
      *turn(ctx) {
        const fields = { subagentId: "agent_w", taskId: "task_w" };
        ctx.emit("subagent.spawned", { agentName: "W" }, fields);
        const worker = ctx.spawn(
          "w",
          function* (w): Script {
            w.emit("task.started", { status: "running" });
            yield w.pause(5);
            throw new Error("worker bug");
          },
          fields,
        );
        yield join(worker);
        yield* ctx.say("msg_answer", "Done without the worker.");
      },
    };
    const runtime = createDemoRuntime({ scenario, manual: true });
    runtime.start();
    runtime.runUntilIdle();
    const types = runtime.events().map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["runtime.error", "subagent.closed", "task.cancelled"]));
    expect(runtime.events().find((e) => e.type === "runtime.error")?.payload).toMatchObject({
      terminal: false,
    });
    expect(types.slice(-2)).toEqual(["turn.completed", "snapshot.updated"]);
  });
});
