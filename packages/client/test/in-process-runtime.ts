// A runtime for session-client tests: its log is what the client listens to, and its port answers every
// write at once (`answer` decides how).
import type { AgentUiEvent, ControlCommand, WriteResult } from "@agent-ui/contracts";
import type { LogEntry } from "../src";

export class TestRuntime {
  readonly log: LogEntry[] = [];
  readonly written: ControlCommand[] = [];
  answer: (command: ControlCommand) => WriteResult = (command) => ({
    status: "accepted",
    idempotencyKey: command.idempotencyKey,
  });
  private readonly listeners = new Set<(entries: readonly LogEntry[]) => void>();

  async subscribe(_sessionId: string, after: number, listener: (entries: readonly LogEntry[]) => void) {
    this.listeners.add(listener);
    const backlog = this.log.filter((e) => e.seq > after);
    if (backlog.length > 0) listener(backlog);
    return {
      ready: Promise.resolve({ head: this.log.length }),
      unsubscribe: () => this.listeners.delete(listener),
    };
  }

  async write(command: ControlCommand): Promise<WriteResult> {
    this.written.push(command);
    return this.answer(command);
  }

  emit(event: Partial<AgentUiEvent>): void {
    const entry = { seq: this.log.length + 1, event: { sessionId: "s", ...event } as AgentUiEvent };
    this.log.push(entry);
    for (const listener of this.listeners) listener([entry]);
  }
}
