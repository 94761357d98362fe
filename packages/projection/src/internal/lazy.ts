// A value computed on first read and then kept. Snapshot slices are handed out as `Lazy` values so that
// `getState()` costs O(changed entities) and a slice nobody reads is never copied.

export class Lazy<T> {
  private compute: (() => T) | null;
  private result: T | undefined;

  /** `entries`: how many entries computing the value copies (lets a reader compute small values now). */
  constructor(
    compute: () => T,
    readonly entries = 0,
  ) {
    this.compute = compute;
  }

  /** True once the value exists (reading it is then O(1)). */
  get settled(): boolean {
    return this.compute === null;
  }

  read(): T {
    const compute = this.compute;
    if (compute !== null) {
      this.result = compute();
      // Drop the closure: it may hold history (undo records) that the computed value no longer needs.
      this.compute = null;
    }
    return this.result as T;
  }
}
