// The ingest takes detail bodies out while adapting and hands them to the append that carries the events
// referencing them: `store.append(id, events, ingest.takeDetails())` is one transaction.
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../src";
import { SessionIngest } from "../src/gateway/ingest";

const toolResult = (n: number, output: string) => ({
  type: "tool.result",
  toolCallId: `call_${n}`,
  payload: { output, outputRef: `output://call_${n}` },
});

describe("SessionIngest hands bodies over with their events", () => {
  it("TOOL-02 bodies wait for the next append: taken once, with exactly the events adapted since", async () => {
    const ingest = new SessionIngest("s", true);
    const first = ingest.events([toolResult(1, "one"), toolResult(2, "two")]);
    expect(first.map((e) => (e.payload as { output: unknown }).output)).toMatchObject([
      { ref: "output://call_1", offloaded: true },
      { ref: "output://call_2", offloaded: true },
    ]);
    expect(ingest.takeDetails()?.map((d) => [d.ref, d.body])).toEqual([
      ["output://call_1", "one"],
      ["output://call_2", "two"],
    ]);
    expect(ingest.takeDetails()).toBeUndefined();
    // Events without bodies leave nothing to take (the hot path allocates nothing).
    ingest.events([{ type: "run.started" }]);
    expect(ingest.takeDetails()).toBeUndefined();
  });

  it("EVID-10 appended together, the event and its body are both there for the first reader", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    await store.createSession({ id: "s", sourceKind: "test", config: {} });
    const ingest = new SessionIngest("s", true);
    const seen: string[] = [];
    store.onAppended((_, __, entries) => {
      for (const entry of entries ?? [])
        void store.readDetail("s", "output://call_7").then((d) => seen.push(`${entry.seq}:${d?.body}`));
    });
    await store.append("s", ingest.events([toolResult(7, "full output")]), ingest.takeDetails());
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["1:full output"]);
    await store.close();
  });

  it("TOOL-02 without keeping (status-only ingests) bodies stay inline and nothing is pending", () => {
    const ingest = new SessionIngest("s");
    const [event] = ingest.events([toolResult(1, "inline")]);
    expect((event.payload as { output: unknown }).output).toBe("inline");
    expect(ingest.takeDetails()).toBeUndefined();
  });

  it("TOOL-02 a NUL in a kept body becomes U+FFFD in the body and its preview alike", () => {
    const ingest = new SessionIngest("s", true);
    const [event] = ingest.events([toolResult(1, "a\u0000b")]);
    expect((event.payload as { output: { preview: string } }).output.preview).toBe("a\uFFFDb");
    expect(ingest.takeDetails()).toMatchObject([{ body: "a\uFFFDb", bytes: 5 }]);
  });
});
