// HYD-13: the table of messages shown cut (by the hydration window or an older page) and the load that
// brings one whole — one request per message at a time, nothing re-added once a hydration replaced it,
// and every change announced so the surface shows "loading", the failure or the whole message.
import type { Message, MessageCut, MessageRow } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { MessageCuts } from "../src/message-cuts";

const cutOf = (messageId: string): MessageCut => ({
  messageId,
  bytes: 300_000,
  parts: { total: 3, included: 1 },
});
const rowOf = (messageId: string): MessageRow =>
  ({ sessionId: "s", message: { id: messageId, role: "assistant", parts: [] } }) as unknown as MessageRow;

function table(load?: (messageId: string) => Promise<MessageRow>) {
  const seen: string[] = [];
  const cuts: MessageCuts = new MessageCuts(load, () => {
    const entry = [...cuts.all.values()][0];
    seen.push(entry === undefined ? "none" : entry.loading ? "loading" : (entry.error ?? "cut"));
  });
  return { cuts, seen };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("MessageCuts", () => {
  it("HYD-13 a new window's cut replaces the previous window's; older pages' cuts stay", () => {
    const { cuts } = table();
    cuts.page(cutOf("old"));
    cuts.window(cutOf("w1"));
    expect([...cuts.all.keys()]).toEqual(["old", "w1"]);
    expect(cuts.get("old")).toEqual({ cut: cutOf("old"), source: "page", loading: false });
    expect(cuts.get("w1")).toEqual({ cut: cutOf("w1"), source: "window", loading: false });
    cuts.window(cutOf("w2"));
    expect([...cuts.all.keys()]).toEqual(["old", "w2"]);
    cuts.window(undefined);
    expect([...cuts.all.keys()]).toEqual(["old"]);
  });

  it("HYD-13 marking an uncut message loading or failed adds nothing", () => {
    const { cuts } = table();
    cuts.loading("m1");
    cuts.failed("m1", "boom");
    expect(cuts.all.size).toBe(0);
  });

  it("HYD-13 loads a cut message once, announcing the load and its end; a second request waits for it", async () => {
    const asked: string[] = [];
    const answer = deferred<MessageRow>();
    const { cuts, seen } = table((id) => {
      asked.push(id);
      return answer.promise;
    });
    cuts.window(cutOf("m1"));
    const swapped: string[] = [];
    const first = cuts.loadWhole("m1", (whole, entry) => {
      swapped.push(`${whole.id}:${entry.source}`);
      return true;
    });
    expect(cuts.get("m1")?.loading).toBe(true);
    expect(seen).toEqual(["loading"]);
    expect(await cuts.loadWhole("m1", () => true)).toBe(false);
    answer.resolve(rowOf("m1"));
    expect(await first).toBe(true);
    expect(asked).toEqual(["m1"]);
    expect(swapped).toEqual(["m1:window"]);
    expect(cuts.all.size).toBe(0);
    expect(seen).toEqual(["loading", "none"]);
  });

  it("HYD-13 a message not cut, or no way to load one, asks nothing and changes nothing", async () => {
    const asked: string[] = [];
    const { cuts, seen } = table(async (id) => {
      asked.push(id);
      return rowOf(id);
    });
    expect(await cuts.loadWhole("m1", () => true)).toBe(false);
    expect(asked).toEqual([]);
    const offline = table();
    offline.cuts.window(cutOf("m1"));
    expect(await offline.cuts.loadWhole("m1", () => true)).toBe(false);
    expect(offline.cuts.get("m1")).toEqual({ cut: cutOf("m1"), source: "window", loading: false });
    expect([...seen, ...offline.seen]).toEqual([]);
  });

  it("HYD-13 a hydration that replaced the cut while it loaded: nothing is swapped and nothing comes back", async () => {
    const answer = deferred<MessageRow>();
    const { cuts, seen } = table(() => answer.promise);
    cuts.window(cutOf("m1"));
    let swaps = 0;
    const loading = cuts.loadWhole("m1", () => {
      swaps++;
      return true;
    });
    cuts.window(undefined);
    answer.resolve(rowOf("m1"));
    expect(await loading).toBe(false);
    expect(swaps).toBe(0);
    expect(cuts.all.size).toBe(0);
    expect(seen).toEqual(["loading", "none"]);
  });

  it("HYD-13 a message that changed while it loaded stays cut and says to try again", async () => {
    const { cuts, seen } = table(async (id) => rowOf(id));
    cuts.page(cutOf("m1"));
    expect(await cuts.loadWhole("m1", (_whole, entry) => entry.source !== "page")).toBe(false);
    expect(cuts.get("m1")).toEqual({
      cut: cutOf("m1"),
      source: "page",
      loading: false,
      error: "the message changed while it loaded; try again",
    });
    expect(seen).toEqual(["loading", "the message changed while it loaded; try again"]);
  });

  it("HYD-13 a failed load keeps the cut with the reason, announced, and can be tried again", async () => {
    let down = true;
    const { cuts, seen } = table(async (id) => {
      if (down) throw new Error("network down");
      return rowOf(id);
    });
    cuts.window(cutOf("m1"));
    expect(await cuts.loadWhole("m1", () => true)).toBe(false);
    expect(cuts.get("m1")).toMatchObject({ source: "window", loading: false, error: "network down" });
    expect(seen).toEqual(["loading", "network down"]);
    down = false;
    const whole: Message[] = [];
    expect(
      await cuts.loadWhole("m1", (message) => {
        whole.push(message);
        return true;
      }),
    ).toBe(true);
    expect(whole.map((m) => m.id)).toEqual(["m1"]);
    expect(seen).toEqual(["loading", "network down", "loading", "none"]);
  });
});
