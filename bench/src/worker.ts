// The measuring child process: `node --expose-gc --import tsx bench/src/worker.ts '<task json>'`. Prints
// one RESULT_MARKER line with the answer; everything else on stdout/stderr is the peers' own logging.
import { createProjector } from "@agent-ui/projection";
import { encodeSession, generateSession } from "./generator";
import { collectGarbage, measureHeap, median, timeRuns } from "./measure";
import { sessionSnapshot } from "./read-model";
import { loadReducer } from "./reducers";
import { FRAME_EVERY } from "./reducers/ours";
import { createMinimalState, reduceMinimal } from "./reducers/minimal";
import { measureServer } from "./server-bench";
import { RESULT_MARKER, type WorkerResult, type WorkerTask } from "./tasks";
import { teamSession } from "./team-stream";

async function reducerTask(task: Extract<WorkerTask, { kind: "reducer" }>): Promise<WorkerResult> {
  const reducer = await loadReducer(task.reducer);
  if (reducer === undefined) throw new Error(`unknown reducer ${task.reducer}`);
  const encoded = encodeSession(generateSession({ seed: task.seed, events: task.events }));
  if (task.warmup) await reducer.run(encoded);
  const times = await timeRuns(task.runs, () => reducer.run(encoded));
  const heap = await measureHeap((probe) => reducer.run(encoded, probe));
  return {
    kind: "reducer",
    reducer: reducer.id,
    events: encoded.envelope.length,
    inputs: reducer.inputCount(encoded),
    timesMs: times.wallMs,
    medianMs: median(times.wallMs),
    medianCpuMs: median(times.cpuMs),
    peakHeapBytes: heap.peakBytes,
    retainedHeapBytes: heap.retainedBytes,
  };
}

/** Time to apply the next `next` events (one at a time, a read every 16) after `history` events. */
async function marginalTask(task: Extract<WorkerTask, { kind: "marginal" }>): Promise<WorkerResult> {
  const events = encodeSession(
    generateSession({ seed: task.seed, events: task.history + task.next }),
  ).envelope;
  const history = events.slice(0, task.history);
  const tail = events.slice(task.history, task.history + task.next);
  const timesMs: number[] = [];
  for (let run = 0; run < task.runs; run++) {
    let step: () => void;
    if (task.reducer === "ours") {
      const projector = createProjector();
      projector.applyAll(history);
      projector.getState();
      step = () => {
        for (let i = 0; i < tail.length; i++) {
          projector.apply(tail[i]);
          if (i % FRAME_EVERY === FRAME_EVERY - 1) projector.getState();
        }
        projector.getState();
      };
    } else {
      const state = createMinimalState();
      for (const event of history) reduceMinimal(state, event);
      step = () => {
        for (const event of tail) reduceMinimal(state, event);
      };
    }
    collectGarbage();
    const start = performance.now();
    step();
    timesMs.push(performance.now() - start);
  }
  return {
    kind: "marginal",
    reducer: task.reducer,
    history: task.history,
    next: tail.length,
    timesMs,
    medianMs: median(timesMs),
  };
}

async function hydrationTask(task: Extract<WorkerTask, { kind: "hydration" }>): Promise<WorkerResult> {
  const session = generateSession({ seed: task.seed, events: task.events });
  const snapshot = sessionSnapshot(session);
  let last = createProjector().getState();
  const times = await timeRuns(task.runs, async () => {
    const projector = createProjector();
    projector.hydrate({ kind: "runtime-session", snapshot });
    last = projector.getState();
  });
  return {
    kind: "hydration",
    events: session.envelopeEvents,
    snapshotBytes: JSON.stringify(snapshot).length,
    timesMs: times.wallMs,
    medianMs: median(times.wallMs),
    medianCpuMs: median(times.cpuMs),
    messages: last.messages.length,
    tools: Object.keys(last.tools).length,
  };
}

/** One run of the team session (fresh heap): a batch fold, or reads of the roster every 16 events. */
function teamTask(task: Extract<WorkerTask, { kind: "team" }>): WorkerResult {
  const events = teamSession(task.teammates);
  collectGarbage();
  const projector = createProjector();
  const cpu = process.cpuUsage();
  const start = performance.now();
  if (task.mode === "batch") projector.applyAll(events);
  else
    for (let i = 0; i < events.length; i++) {
      projector.apply(events[i]);
      if (i % FRAME_EVERY === FRAME_EVERY - 1) void projector.getState().team.roster.length;
    }
  const edges = projector.getState().team.edges.length;
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  return {
    kind: "team",
    mode: task.mode,
    teammates: task.teammates,
    events: events.length,
    wallMs,
    cpuMs,
    edges,
  };
}

export async function runTask(task: WorkerTask): Promise<WorkerResult> {
  switch (task.kind) {
    case "reducer":
      return reducerTask(task);
    case "marginal":
      return marginalTask(task);
    case "hydration":
      return hydrationTask(task);
    case "server":
      return measureServer(task);
    case "team":
      return teamTask(task);
  }
}

const isMain = process.argv[1]?.endsWith("worker.ts") ?? false;
if (isMain) {
  const task = JSON.parse(process.argv[2] ?? "{}") as WorkerTask;
  runTask(task).then(
    (result) => {
      process.stdout.write(`\n${RESULT_MARKER}${JSON.stringify(result)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`bench worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
