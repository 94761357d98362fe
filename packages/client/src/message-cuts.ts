// Messages a hydration window or an older page sent cut to its byte budget (HYD-13: `window.cut`,
// `HistoryPage.cut`), and the load that brings each one whole. Each entry is a fresh object on every
// change, so a UI compares them by identity.
import type { Message, MessageCut, MessageRow } from "@agent-ui/contracts";

export interface CutMessage {
  cut: MessageCut;
  /** Where the cut copy lives: the projection (the window's newest message) or an older page. */
  source: "window" | "page";
  loading: boolean;
  /** Why the last load failed, until the next try. */
  error?: string;
}

export class MessageCuts {
  private entries = new Map<string, CutMessage>();

  constructor(
    private readonly load: ((messageId: string) => Promise<MessageRow>) | undefined,
    private readonly changed: () => void,
  ) {}

  /** Fetches a cut message whole and hands it to `swap` with its entry as it stands on arrival (a
   * hydration in between may have replaced it); the entry goes once `swap` says the message is whole. */
  async loadWhole(messageId: string, swap: (whole: Message, entry: CutMessage) => boolean): Promise<boolean> {
    const entry = this.entries.get(messageId);
    if (entry === undefined || entry.loading || this.load === undefined) return false;
    this.loading(messageId);
    this.changed();
    try {
      const row = await this.load(messageId);
      const now = this.entries.get(messageId);
      if (now === undefined) return false;
      const done = swap(row.message, now);
      if (done) this.whole(messageId);
      else this.failed(messageId, "the message changed while it loaded; try again");
      return done;
    } catch (error) {
      this.failed(messageId, error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      this.changed();
    }
  }

  get all(): ReadonlyMap<string, CutMessage> {
    return this.entries;
  }

  get(messageId: string): CutMessage | undefined {
    return this.entries.get(messageId);
  }

  /** A new hydration window: its cut replaces the previous window's; older pages' cuts stay. */
  window(cut: MessageCut | undefined): void {
    const next = new Map([...this.entries].filter(([, entry]) => entry.source === "page"));
    if (cut !== undefined) next.set(cut.messageId, { cut, source: "window", loading: false });
    this.entries = next;
  }

  page(cut: MessageCut): void {
    this.set(cut.messageId, { cut, source: "page", loading: false });
  }

  loading(messageId: string): void {
    const entry = this.entries.get(messageId);
    if (entry !== undefined) this.set(messageId, { cut: entry.cut, source: entry.source, loading: true });
  }

  failed(messageId: string, error: string): void {
    const entry = this.entries.get(messageId);
    if (entry !== undefined)
      this.set(messageId, { cut: entry.cut, source: entry.source, loading: false, error });
  }

  whole(messageId: string): void {
    const next = new Map(this.entries);
    next.delete(messageId);
    this.entries = next;
  }

  private set(messageId: string, entry: CutMessage): void {
    this.entries = new Map(this.entries).set(messageId, entry);
  }
}
