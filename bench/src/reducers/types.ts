import type { EncodedSession } from "../generator";

/** Called every PROBE_EVERY input events while a reducer runs; the heap run samples memory in it. The
 * timed runs pass no probe, so sampling never shows up in the times. */
export type Probe = () => void;
export const PROBE_EVERY = 256;

/** One reducer under test: its own real public path from wire events to renderable state. */
export interface ReducerUnderTest {
  id: string;
  label: string;
  /** Input events it consumes for this session (its own encoding). */
  inputCount(encoded: EncodedSession): number;
  /** Runs the whole session; resolves to the final renderable state. */
  run(encoded: EncodedSession, probe?: Probe): Promise<unknown>;
}
