// Older messages than the hydration window holds, loaded page by page on the user's request (HYD-05). The
// window says where it starts (`window.messages.before`); each page says where the next older one starts,
// until `null`: the conversation then reaches its first message. The pages are the client's own overlay,
// placed before the window's messages by id, so a re-hydration (gap repair) never shows a message twice.
import type { Message, ProjectionState } from "@agent-ui/contracts";
import type { HistoryPage, MessageCut, WindowInfo } from "@agent-ui/contracts";

export type LoadHistory = (before: string, limit: number) => Promise<HistoryPage>;

export interface EarlierState {
  /** Older messages loaded so far, oldest first. */
  count: number;
  loading: boolean;
  /** True once the conversation's first message is loaded (or the window already held it). */
  reachedStart: boolean;
  /** Why the last page failed, until the next try. */
  error?: string;
}

export class EarlierMessages {
  private pages: Message[] = [];
  /** `undefined` until a window said where it starts; `null` at the conversation's start. */
  private cursor: string | null | undefined;
  private loading: Promise<void> | undefined;
  private error: string | undefined;
  private version = 0;
  private cache: { base: ProjectionState; version: number; state: ProjectionState } | undefined;
  private info: EarlierState = { count: 0, loading: false, reachedStart: false };

  constructor(
    private readonly load: LoadHistory | undefined,
    private readonly changed: () => void,
    private readonly onCut: (cut: MessageCut) => void = () => {},
  ) {}

  /** A hydration window arrived. Pages already loaded keep their own cursor (they reach further back). */
  window(info: WindowInfo | undefined): void {
    if (this.pages.length > 0) return;
    this.cursor = info ? info.before : this.load ? undefined : null;
    this.bump();
  }

  get state(): EarlierState {
    return this.info;
  }

  /** Loads the next older page; resolves when it is shown. A second call while one loads joins it. */
  loadEarlier(limit = 40): Promise<void> {
    if (this.loading) return this.loading;
    const cursor = this.cursor;
    if (!this.load || cursor === null || cursor === undefined) return Promise.resolve();
    const load = this.load;
    this.loading = (async () => {
      this.error = undefined;
      this.bump();
      try {
        const page = await load(cursor, limit);
        this.pages = [...(Array.isArray(page.messages) ? page.messages : []), ...this.pages];
        this.cursor = page.window?.before ?? null;
        if (page.cut !== undefined) this.onCut(page.cut);
      } catch (error) {
        this.error = error instanceof Error ? error.message : String(error);
      } finally {
        this.loading = undefined;
        this.bump();
      }
    })();
    this.bump();
    return this.loading;
  }

  /** Swaps a loaded page's message for its whole copy (it came cut); false when no page holds it. */
  replace(message: Message): boolean {
    const index = this.pages.findIndex((m) => m.id === message.id);
    if (index < 0) return false;
    this.pages = this.pages.map((m, i) => (i === index ? message : m));
    this.version += 1;
    return true;
  }

  /** `base` with the loaded pages before its messages (same identity while nothing changed). */
  overlay(base: ProjectionState): ProjectionState {
    if (this.pages.length === 0) return base;
    if (this.cache?.base === base && this.cache.version === this.version) return this.cache.state;
    const shown = new Set(base.messages.map((m) => m.id));
    const older = this.pages.filter((m) => !shown.has(m.id));
    const state = { ...base, messages: [...older, ...base.messages] };
    this.cache = { base, version: this.version, state };
    return state;
  }

  private bump(): void {
    this.version += 1;
    const next: EarlierState = {
      count: this.pages.length,
      loading: this.loading !== undefined,
      reachedStart: this.cursor === null,
      ...(this.error ? { error: this.error } : {}),
    };
    const prev = this.info;
    if (
      prev.count !== next.count ||
      prev.loading !== next.loading ||
      prev.reachedStart !== next.reachedStart ||
      prev.error !== next.error
    ) {
      this.info = next;
      this.changed();
    }
  }
}
