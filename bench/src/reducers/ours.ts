// Our projector, two ways a UI drives it: a batch (`applyAll` then one `getState()`, the replay / catch-up
// path) and incremental (`apply` per event, `getState()` every 16 events, modelling frame-rate reads).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { PROBE_EVERY, type Probe, type ReducerUnderTest } from "./types";

export const FRAME_EVERY = 16;

function* probed(events: readonly AgentUiEvent[], probe: Probe): Generator<AgentUiEvent> {
  for (let i = 0; i < events.length; i++) {
    if (i % PROBE_EVERY === 0) probe();
    yield events[i];
  }
}

export const oursBatch: ReducerUnderTest = {
  id: "ours-batch",
  label: "ours (applyAll + getState)",
  inputCount: (encoded) => encoded.envelope.length,
  async run(encoded, probe) {
    const projector = createProjector();
    projector.applyAll(probe === undefined ? encoded.envelope : probed(encoded.envelope, probe));
    return projector.getState();
  },
};

export const oursIncremental: ReducerUnderTest = {
  id: "ours-incremental",
  label: `ours (apply, getState every ${FRAME_EVERY})`,
  inputCount: (encoded) => encoded.envelope.length,
  async run(encoded, probe) {
    const projector = createProjector();
    const events = encoded.envelope;
    for (let i = 0; i < events.length; i++) {
      projector.apply(events[i]);
      if (i % FRAME_EVERY === FRAME_EVERY - 1) projector.getState();
      if (probe !== undefined && i % PROBE_EVERY === 0) probe();
    }
    return projector.getState();
  },
};
