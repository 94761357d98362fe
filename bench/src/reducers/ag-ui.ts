// AG-UI's own client pipeline: an AbstractAgent whose run() emits the session's events, driven through
// `runAgent` (enforce → chunks → verify → defaultApplyEvents → messages/state), one run per turn, with
// messages accumulating on the agent like a real AG-UI client thread.
import { AbstractAgent, type BaseEvent, type Message, type RunAgentInput } from "@ag-ui/client";
import { Observable } from "rxjs";
import type { AgUiRun } from "../generator";
import { PROBE_EVERY, type Probe, type ReducerUnderTest } from "./types";

class ScriptedAgent extends AbstractAgent {
  script: readonly BaseEvent[] = [];
  probe: Probe | undefined;

  run(_input: RunAgentInput): Observable<BaseEvent> {
    const events = this.script;
    const probe = this.probe;
    return new Observable<BaseEvent>((subscriber) => {
      for (let i = 0; i < events.length; i++) {
        if (probe !== undefined && i % PROBE_EVERY === 0) probe();
        subscriber.next(events[i]);
      }
      subscriber.complete();
    });
  }
}

export interface AgUiResult {
  messages: Message[];
  state: unknown;
}

export async function runAgUi(runs: readonly AgUiRun[], probe?: Probe): Promise<AgUiResult> {
  const agent = new ScriptedAgent({ threadId: runs[0]?.threadId ?? "thread" });
  agent.probe = probe;
  for (const run of runs) {
    agent.script = run.events;
    await agent.runAgent({ runId: run.runId });
  }
  return { messages: agent.messages, state: agent.state };
}

export const agUiPipeline: ReducerUnderTest = {
  id: "ag-ui",
  label: "AG-UI @ag-ui/client runAgent",
  inputCount: (encoded) => encoded.agui.reduce((n, run) => n + run.events.length, 0),
  run: (encoded, probe) => runAgUi(encoded.agui, probe),
};
