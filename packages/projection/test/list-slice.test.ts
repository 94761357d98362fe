// perf §2.2: a list slice copies only what changed, found by each entry's position. Where a position
// cannot tell — one object listed twice, an entry inserted before a changed one, a list shortened in
// place — and for an entry of a field it does not track as a list, its view still shows each entry as it
// is now. The projector's own writers do none of these (they append, replace a list or change an entry
// in place), so these tests drive the slice directly.
import { describe, expect, it } from "vitest";
import { ListSlice } from "../src/internal/list-slice";

interface Holder {
  items: { n: number }[];
}

const slice = (items: { n: number }[]) => new ListSlice<Holder>({ items }, ["items"]);

describe("a list slice where positions cannot tell what changed (perf §2.2)", () => {
  it("perf §2.2 an entry listed twice shows its change at both places", () => {
    const entry = { n: 1 };
    const s = slice([entry, entry]);
    expect(s.read().items).toEqual([{ n: 1 }, { n: 1 }]);
    entry.n = 2;
    s.touchEntry("items", entry);
    expect(s.read().items).toEqual([{ n: 2 }, { n: 2 }]);
  });

  it("perf §2.2 a list replaced by one listing a held entry twice shows that entry's change at both places", () => {
    const entry = { n: 1 };
    const s = slice([entry]);
    expect(s.read().items).toEqual([{ n: 1 }]);
    s.value.items = [entry, entry];
    s.touch();
    expect(s.read().items).toEqual([{ n: 1 }, { n: 1 }]);
    entry.n = 2;
    s.touchEntry("items", entry);
    expect(s.read().items).toEqual([{ n: 2 }, { n: 2 }]);
  });

  it("perf §2.2 an entry inserted before a changed one: each shows at its own place", () => {
    const a = { n: 1 };
    const s = slice([a, { n: 3 }]);
    expect(s.read().items).toEqual([{ n: 1 }, { n: 3 }]);
    a.n = 2;
    s.value.items.splice(0, 0, { n: 0 });
    s.touchEntry("items", a);
    expect(s.read().items).toEqual([{ n: 0 }, { n: 2 }, { n: 3 }]);
  });

  it("perf §2.2 a list shortened in place shows only the entries it still holds", () => {
    const s = slice([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const before = s.read().items;
    s.value.items.pop();
    s.touch();
    expect(s.read().items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(before).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("perf §2.2 an entry changed in a field the slice does not track as a list shows its change", () => {
    const note = { n: 1 };
    const s = new ListSlice<{ items: { n: number }[]; notes: { n: number }[] }>(
      { items: [], notes: [note] },
      ["items"],
    );
    expect(s.read().notes).toEqual([{ n: 1 }]);
    note.n = 2;
    s.touchEntry("notes", note);
    expect(s.read().notes).toEqual([{ n: 2 }]);
  });
});

describe("a list of the slice's view: data when small or built, read on demand when large (perf §2.2)", () => {
  const entries = (count: number) => Array.from({ length: count }, (_, n) => ({ n }));
  const own = (view: Holder) => Object.getOwnPropertyDescriptor(view, "items");

  it("perf §2.2 a changed list of up to 128 entries is a plain data property at once", () => {
    const view = slice(entries(128)).read();
    expect(own(view)?.get).toBeUndefined();
    expect(own(view)?.value).toHaveLength(128);
  });

  it("perf §2.2 a larger changed list is built when first read; once built, the next view holds it as data", () => {
    const s = slice(entries(129));
    const first = s.read();
    expect(own(first)?.get).toBeTypeOf("function");
    const items = first.items;
    expect(items).toHaveLength(129);
    s.touch();
    expect(own(s.read())).toMatchObject({ value: items });
  });
});
