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

/** Where an object with deferred properties keeps their `Lazy` values: a non-enumerable symbol-keyed
 * own property (JSON, structuredClone, spreading and `Object.keys` never see it). A copy of the object's
 * descriptors (a client's overlay copies a snapshot's descriptors to keep its slices lazy) copies it too,
 * so the copied accessor reads the same value, whichever object is read first. */
const DEFERRED = Symbol("agent-ui.deferred");

/** Makes `target[key]` build its value on first read, then hold it as a plain data property (or keep the
 * accessor on an object the caller froze meanwhile: it returns the same value every time).
 *
 * V8 allocates the accessor pair in the old generation, so whatever its getter's closure holds survives
 * every young collection until a full one, the pair being garbage or not. The getter therefore holds
 * nothing but the key: it finds the `Lazy` through the object it is read on. An accessor never read does
 * not keep its snapshot (and every list read from that snapshot) alive, and a large list read once per
 * frame is young garbage as soon as the next frame's snapshot replaces it, instead of being promoted each
 * time and piling up as old garbage. */
export function deferProperty(target: object, key: string, lazy: Lazy<unknown>): void {
  let deferred = (target as { [DEFERRED]?: Record<string, Lazy<unknown>> })[DEFERRED];
  if (deferred === undefined || !Object.hasOwn(target, DEFERRED)) {
    deferred = Object.create(null) as Record<string, Lazy<unknown>>;
    Object.defineProperty(target, DEFERRED, { value: deferred, enumerable: false, configurable: true });
  }
  deferred[key] = lazy;
  Object.defineProperty(target, key, { enumerable: true, configurable: true, get: getterOf(key) });
}

/** One getter per key, shared by every object that defers it: defining the accessor allocates no
 * function per snapshot (a `getState()` per event defers every large unread table again), and the
 * getter holds only its key. Keys are the slice and list names a snapshot defers: a fixed set. */
const GETTERS = new Map<string, () => unknown>();

function getterOf(key: string): () => unknown {
  let get = GETTERS.get(key);
  if (get !== undefined) return get;
  get = function (this: unknown): unknown {
    const owner = this as { [DEFERRED]?: Record<string, Lazy<unknown>> } | null | undefined;
    const value = owner?.[DEFERRED]?.[key]?.read();
    if (
      owner !== null &&
      typeof owner === "object" &&
      Object.getOwnPropertyDescriptor(owner, key)?.get === get
    )
      try {
        Object.defineProperty(owner, key, { value, enumerable: true, writable: true, configurable: true });
      } catch {
        // Frozen or sealed by the caller: the accessor stays and reads the same Lazy every time.
      }
    return value;
  };
  GETTERS.set(key, get);
  return get;
}
