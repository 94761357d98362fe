import { describe, expect, it } from "vitest";
import {
  type SourceRef,
  linkableSourceUrl,
  mergeSourceRefs,
  readSourceRef,
  readSourceRefs,
  sourceHost,
} from "../src/index";

describe("source refs from loose JSON (EVID-01, EVID-08)", () => {
  it("EVID-01 a ref needs an id or a url; the url stands in for a missing or empty id", () => {
    for (const value of [
      null,
      undefined,
      "https://a.test",
      3,
      [{ id: "x" }],
      {},
      { id: "" },
      { url: "" },
      { id: 5 },
    ])
      expect(readSourceRef(value)).toBeUndefined();
    expect(readSourceRef({ url: "https://a.test/p" })).toEqual({
      id: "https://a.test/p",
      sourceType: "url",
      url: "https://a.test/p",
    });
    expect(readSourceRef({ id: "", url: "https://a.test/p" })).toMatchObject({ id: "https://a.test/p" });
    expect(readSourceRef({ id: "s1" })).toEqual({ id: "s1", sourceType: "document" });
  });

  it("EVID-01 sourceType: a declared url/document is kept, anything else follows the url", () => {
    expect(readSourceRef({ id: "s", url: "https://a.test", sourceType: "document" })?.sourceType).toBe(
      "document",
    );
    expect(readSourceRef({ id: "s", sourceType: "url" })?.sourceType).toBe("url");
    expect(readSourceRef({ id: "s", url: "https://a.test", sourceType: "web" })?.sourceType).toBe("url");
    expect(readSourceRef({ id: "s", url: "", sourceType: "web" })?.sourceType).toBe("document");
    expect(readSourceRef({ id: "s", url: 42, sourceType: "web" })).toEqual({
      id: "s",
      sourceType: "document",
    });
    expect(readSourceRef({ url: 42 })).toBeUndefined();
  });

  it("EVID-01 string fields are kept when non-empty; other keys and types are dropped", () => {
    expect(
      readSourceRef({
        id: "s",
        url: "https://a.test",
        title: "T",
        mediaType: "text/html",
        filename: "a.html",
        messageId: "m",
        stepId: "st",
        partId: "p",
        extra: "x",
        snippet: 1,
      }),
    ).toEqual({
      id: "s",
      sourceType: "url",
      url: "https://a.test",
      title: "T",
      mediaType: "text/html",
      filename: "a.html",
      messageId: "m",
      stepId: "st",
      partId: "p",
    });
    expect(readSourceRef({ id: "s", title: "", filename: 3, messageId: null })).toEqual({
      id: "s",
      sourceType: "document",
    });
  });

  it("EVID-08 a list keeps the first ref of each id, skipping what names no source", () => {
    expect(readSourceRefs({ id: "a" })).toEqual([]);
    expect(
      readSourceRefs([
        { id: "a", title: "first" },
        "b",
        { title: "no id" },
        { id: "a", title: "again" },
        { id: "b" },
      ]),
    ).toEqual([
      { id: "a", sourceType: "document", title: "first" },
      { id: "b", sourceType: "document" },
    ]);
  });

  it("EVID-08 merging by id: new refs appended, later facts fill fields; true only when something changed", () => {
    const into: SourceRef[] = [{ id: "a", sourceType: "url", url: "https://a.test" }];
    expect(mergeSourceRefs(into, [])).toBe(false);
    expect(mergeSourceRefs(into, [{ id: "a", sourceType: "url", url: "https://a.test" }])).toBe(false);
    const incoming: SourceRef = { id: "b", sourceType: "document" };
    expect(mergeSourceRefs(into, [{ id: "a", sourceType: "url", title: "A" }, incoming])).toBe(true);
    expect(into).toEqual([
      { id: "a", sourceType: "url", url: "https://a.test", title: "A" },
      { id: "b", sourceType: "document" },
    ]);
    expect(into[1]).not.toBe(incoming);
    expect(mergeSourceRefs(into, [{ id: "b", sourceType: "url" }])).toBe(true);
    expect(into[1]).toEqual({ id: "b", sourceType: "url" });
  });

  it("EVID-08 only absolute http(s) urls are linkable; the host is shown when there is one", () => {
    expect(linkableSourceUrl("HTTPS://Example.com/a b")).toBe("https://example.com/a%20b");
    expect(linkableSourceUrl("http://a.test")).toBe("http://a.test/");
    for (const url of [
      undefined,
      "javascript:alert(1)",
      "data:text/html,x",
      "/relative",
      "ftp://a.test",
      "not a url",
    ])
      expect(linkableSourceUrl(url)).toBeUndefined();
    expect(sourceHost("https://docs.a.test:8443/x")).toBe("docs.a.test:8443");
    for (const url of [undefined, "file:///etc/hosts", "mailto:a@b.test", "::"])
      expect(sourceHost(url)).toBeUndefined();
  });
});
