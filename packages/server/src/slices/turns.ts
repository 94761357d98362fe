// Long work on the gateway's event loop runs in slices: between two slices it yields a turn
// (`setImmediate`), so requests already waiting — `/api/health`, other sessions, live delivery — are
// answered in between instead of after the whole job.

/** Resolves on the next turn of the event loop, after the I/O that is waiting now. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Default slice: at most this long on the loop before yielding. */
export const DEFAULT_SLICE_MS = 8;

/** Yields a turn once `sliceMs` of work passed since the last yield (0: at every call). */
export class Slicer {
  private since = performance.now();

  constructor(private readonly sliceMs = DEFAULT_SLICE_MS) {}

  /** Call between two steps of a long job. */
  async step(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await nextTurn();
    this.since = performance.now();
  }
}
