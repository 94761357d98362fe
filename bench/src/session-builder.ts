// Writes the facts of one generated session: turns of reasoning, long answers streamed as small deltas,
// tool calls with streamed arguments and results, approvals, failed tools with a retry, subagents with
// lineage, artifacts and evidence. All randomness comes from the seeded Rng.
import type { Rng } from "./prng";
import { type SessionFact, envelopeEventsOf } from "./session-model";

const WORDS = [
  "the",
  "runtime",
  "projection",
  "reads",
  "each",
  "event",
  "once",
  "and",
  "keeps",
  "state",
  "by",
  "id",
  "tool",
  "call",
  "returned",
  "a",
  "result",
  "with",
  "three",
  "files",
  "changed",
  "tests",
  "pass",
  "now",
  "we",
  "should",
  "check",
  "the",
  "diff",
  "before",
  "merging",
  "it",
  "into",
  "main",
  "branch",
  "safely",
  "résumé",
  "naïve",
  "温度",
  "21°C",
  "—",
  "ok",
  "because",
  "latency",
  "matters",
  "here",
  "too",
];
const TOOLS = ["read_file", "search_code", "run_tests", "edit_file", "web_fetch", "list_dir"];
const SUBAGENTS = ["researcher", "reviewer", "tester", "planner"];

export class SessionBuilder {
  readonly facts: SessionFact[] = [];
  count = 0;
  private ids = 0;
  private artifacts: { id: string; version: number; title: string }[] = [];
  private retryCount = 0;

  constructor(private readonly rng: Rng) {}

  private push(fact: SessionFact): void {
    this.facts.push(fact);
    this.count += envelopeEventsOf(fact);
  }

  private id(prefix: string): string {
    this.ids++;
    return `${prefix}-${this.ids}`;
  }

  /** A small streamed token: one to three words, with a leading space like a tokenizer's output. */
  private delta(): string {
    const words = this.rng.int(1, 3);
    let out = "";
    for (let i = 0; i < words; i++) out += ` ${this.rng.pick(WORDS)}`;
    return out;
  }

  /** One turn of about `budget` envelope events (never fewer than 4). */
  turn(turn: number, budget: number): void {
    const start = this.count;
    const runId = `run-${turn}`;
    const turnId = `turn-${turn}`;
    const messageId = `msg-${turn}`;
    this.push({ kind: "run.start", turn, runId, turnId, messageId, input: `question ${turn}` });
    // A step is at most ~200 events (reasoning + answer + two tools with a subagent each).
    while (this.count - start + 200 < budget) this.step(messageId);
    const left = budget - (this.count - start);
    this.text(messageId, Math.max(1, left - 2));
    this.push({ kind: "run.finish", turn, runId, turnId, messageId });
  }

  private step(messageId: string): void {
    if (this.rng.chance(0.3)) this.reasoning(messageId, this.rng.int(3, 12));
    const segmentId = this.text(messageId, this.rng.int(8, 60));
    const tools = this.rng.int(0, 2);
    for (let i = 0; i < tools; i++) this.tool(messageId, segmentId);
    if (this.rng.chance(0.1)) this.artifact();
    if (this.rng.chance(0.15)) {
      const evidenceId = this.id("ev");
      this.push({
        kind: "evidence",
        evidenceId,
        url: `https://example.com/doc/${evidenceId}`,
        title: `Source ${evidenceId}`,
        messageId,
      });
    }
  }

  private reasoning(messageId: string, deltas: number): void {
    const id = this.id("rsn");
    this.push({ kind: "reasoning.start", id, messageId });
    let text = "";
    for (let i = 0; i < deltas; i++) {
      const delta = this.delta();
      text += delta;
      this.push({ kind: "reasoning.delta", id, messageId, delta });
    }
    this.push({ kind: "reasoning.end", id, messageId, text });
  }

  /** A streamed text segment of `deltas` deltas; returns its id. */
  private text(messageId: string, deltas: number, agentId?: string): string {
    const id = this.id("seg");
    const lineage = agentId === undefined ? {} : { agentId };
    this.push({ kind: "text.start", id, messageId, ...lineage });
    let text = "";
    for (let i = 0; i < deltas; i++) {
      const delta = this.delta();
      text += delta;
      this.push({ kind: "text.delta", id, messageId, ...lineage, delta });
    }
    this.push({ kind: "text.end", id, messageId, ...lineage, text });
    return id;
  }

  private tool(messageId: string, segmentId: string): void {
    const toolCallId = this.id("call");
    const delegate = this.rng.chance(0.06);
    const name = delegate ? "delegate" : this.rng.pick(TOOLS);
    const input = { path: `src/module-${this.rng.int(1, 400)}.ts`, query: this.delta().trim(), limit: 50 };
    this.push({ kind: "tool.start", toolCallId, name, messageId, segmentId });
    const json = JSON.stringify(input);
    const pieces = this.rng.int(2, 8);
    const size = Math.ceil(json.length / pieces);
    for (let at = 0; at < json.length; at += size)
      this.push({ kind: "tool.args", toolCallId, delta: json.slice(at, at + size) });
    this.push({ kind: "tool.input", toolCallId, name, input });
    if (this.rng.chance(0.1)) {
      const actionId = this.id("act");
      this.push({ kind: "approval.request", actionId, toolCallId, toolName: name, messageId });
      this.push({ kind: "approval.resolve", actionId, toolCallId });
    }
    if (delegate) this.subagent(toolCallId, messageId);
    const resultId = this.id("res");
    if (this.rng.chance(0.07)) {
      this.push({ kind: "tool.error", toolCallId, resultId, error: "ETIMEDOUT: upstream did not answer" });
      this.retryCount++;
      this.push({ kind: "status", status: "retrying", retryCount: this.retryCount });
      this.push({ kind: "status", status: "running", retryCount: this.retryCount });
    } else {
      const lines = this.rng.int(1, 400);
      this.push({
        kind: "tool.result",
        toolCallId,
        resultId,
        output: { ok: true, lines, summary: this.delta() },
      });
    }
  }

  private subagent(parentToolCallId: string, parentMessageId: string): void {
    const agentId = this.id("agent");
    const name = this.rng.pick(SUBAGENTS);
    this.push({ kind: "subagent.start", agentId, name, parentToolCallId, parentMessageId });
    this.text(`${agentId}-msg`, this.rng.int(5, 30), agentId);
    this.push({ kind: "subagent.finish", agentId, name });
  }

  private artifact(): void {
    const update = this.artifacts.length > 0 && this.rng.chance(0.5);
    const entry = update
      ? this.rng.pick(this.artifacts)
      : { id: this.id("art"), version: 0, title: `report-${this.ids}.md` };
    if (!update) this.artifacts.push(entry);
    entry.version++;
    this.push({
      kind: "artifact",
      artifactId: entry.id,
      title: entry.title,
      version: entry.version,
      created: !update,
      preview: `# ${entry.title} v${entry.version}\n${this.delta()}`,
    });
  }
}
