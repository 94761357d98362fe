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

/** Up to this many entries a changed container is built eagerly: an accessor costs about as much
 * (defining one moves the object holding it to V8's slow property mode). */
export const EAGER_ENTRIES = 128;

/** Makes `target[key]` build its value on first read, then hold it as a plain data property (or keep the
 * accessor on an object the caller froze meanwhile: it returns the same value every time).
 *
 * V8 allocates the accessor pair in the old generation, so whatever its getter's closure holds survives
 * every young collection until a full one, the pair being garbage or not. The getter therefore holds
 * neither its target (it finds it as `this`: an accessor never read must not keep its snapshot, and
 * with it every list read from that snapshot, alive) nor, once it is a data property, the value: a large
 * list read once per frame is then young garbage as soon as the next frame's snapshot replaces it,
 * instead of being promoted each time and piling up as old garbage. */
export function deferProperty(target: object, key: string, lazy: Lazy<unknown>): void {
  let source: Lazy<unknown> | null = lazy;
  let kept: unknown;
  const get = function (this: unknown): unknown {
    if (source === null) return kept;
    const value = source.read();
    source = null;
    if (this !== null && typeof this === "object" && Object.getOwnPropertyDescriptor(this, key)?.get === get)
      try {
        Object.defineProperty(this, key, { value, enumerable: true, writable: true, configurable: true });
        return value;
      } catch {
        // Frozen or sealed by the caller: the accessor stays and returns this value every time.
      }
    kept = value;
    return value;
  };
  Object.defineProperty(target, key, { enumerable: true, configurable: true, get });
}
