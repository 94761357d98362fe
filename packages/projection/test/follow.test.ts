import { describe, expect, it } from "vitest";
import { KeyedList } from "../src/internal/follow";

// The by-id index over a store list (permission decisions, violations, compactions: PERM-04, CTX-02): it
// follows the list by identity and length, so lookups never scan and never answer from a stale index.

interface Entry {
  id: string;
  n: number;
}

describe("KeyedList", () => {
  it("CTX-02 a key the list repeats finds its first entry; entries pushed later are found", () => {
    const byId = new KeyedList<Entry>((entry) => entry.id);
    const list: Entry[] = [
      { id: "a", n: 1 },
      { id: "a", n: 2 },
    ];
    expect(byId.get(list, "a")?.n).toBe(1);
    list.push({ id: "b", n: 3 }, { id: "a", n: 4 });
    expect(byId.get(list, "b")?.n).toBe(3);
    expect(byId.get(list, "a")?.n).toBe(1);
  });

  it("CTX-02 a list replaced, or cut short in place, is indexed anew", () => {
    const byId = new KeyedList<Entry>((entry) => entry.id);
    const list: Entry[] = [
      { id: "a", n: 1 },
      { id: "b", n: 2 },
    ];
    expect(byId.get(list, "b")?.n).toBe(2);
    list.length = 0;
    list.push({ id: "c", n: 4 });
    expect(byId.get(list, "b")).toBeUndefined();
    expect(byId.get(list, "c")?.n).toBe(4);
    expect(byId.get([{ id: "d", n: 5 }], "c")).toBeUndefined();
  });
});
