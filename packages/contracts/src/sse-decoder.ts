// Incremental Server-Sent Events decoder (WHATWG "event stream interpretation"): feed it text chunks as
// they arrive, get complete events out. Used for the gateway's own SSE and for upstream SSE connectors,
// where `fetch` gives a byte stream and Node has no EventSource.

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

export class SseDecoder {
  private buffer = "";
  private data: string[] = [];
  private event = "";
  private id: string | undefined;
  private retry: number | undefined;

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: string): SseMessage[] {
    const resumeAt = this.buffer.length;
    this.buffer = resumeAt === 0 ? chunk : this.buffer + chunk;
    const out: SseMessage[] = [];
    // Fast path (every server we know ends lines with "\n"): native indexOf, and a long line split over
    // many chunks is scanned from where the last chunk ended, not from its start again.
    const lfOnly = !this.buffer.includes("\r");
    let start = 0;
    let from = lfOnly ? resumeAt : 0;
    for (;;) {
      const newline = lfOnly ? this.buffer.indexOf("\n", from) : this.nextLineEnd(start);
      if (newline === -1) break;
      const line = this.buffer.slice(start, newline);
      start = newline + (this.buffer[newline] === "\r" && this.buffer[newline + 1] === "\n" ? 2 : 1);
      from = start;
      const message = this.line(line);
      if (message) out.push(message);
    }
    this.buffer = start === 0 ? this.buffer : this.buffer.slice(start);
    return out;
  }

  /** End of stream: an event without its terminating blank line is dropped, as the spec says. */
  end(): void {
    this.buffer = "";
    this.reset();
  }

  private nextLineEnd(from: number): number {
    for (let i = from; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c === "\n") return i;
      // A lone "\r" at the very end may be the first half of "\r\n": wait for more input.
      if (c === "\r") return i + 1 < this.buffer.length ? i : -1;
    }
    return -1;
  }

  private line(line: string): SseMessage | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\u0000")) this.id = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    if (this.data.length === 0) {
      this.reset();
      return undefined;
    }
    const message: SseMessage = { event: this.event || "message", data: this.data.join("\n") };
    if (this.id !== undefined) message.id = this.id;
    if (this.retry !== undefined) message.retry = this.retry;
    this.reset();
    return message;
  }

  private reset(): void {
    this.data = [];
    this.event = "";
    this.retry = undefined;
    // The last event id persists across events (it is the resume point), so it is not reset here.
  }
}
