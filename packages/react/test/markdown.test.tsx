// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { advanceBlocks, emptyBlockState, tailOf } from "../src/markdown/blocks";
import { safeHref } from "../src/markdown/safe-url";
import { MarkdownText, preloadMarkdown } from "../src/markdown-text";

afterEach(cleanup);

async function renderMarkdown(text: string, streaming = false) {
  await preloadMarkdown();
  const view = render(<MarkdownText text={text} streaming={streaming} className="aui-text aui-answer" />);
  await waitFor(() => expect(view.container.querySelector(".aui-md-block .aui-md-plain")).toBeNull());
  return view;
}

describe("MarkdownText", () => {
  it("renders GFM tables, lists, task lists and code fences as elements", async () => {
    const { container } = await renderMarkdown(
      [
        "# Report",
        "",
        "| name | score |",
        "| --- | --- |",
        "| a | 1 |",
        "",
        "- one",
        "- two",
        "",
        "- [x] done",
        "- [ ] open",
        "",
        "```ts",
        "const x = 1;",
        "```",
      ].join("\n"),
    );
    expect(container.querySelector("table td")?.textContent).toBe("a");
    expect(container.querySelectorAll("ul li").length).toBeGreaterThanOrEqual(4);
    const boxes = container.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
    expect([...boxes].map((b) => [b.checked, b.disabled, b.getAttribute("aria-label")])).toEqual([
      [true, true, "done"],
      [false, true, "not done"],
    ]);
    expect(container.querySelector("pre code")?.textContent).toBe("const x = 1;");
    expect(container.querySelector(".aui-code-lang")?.textContent).toBe("ts");
    expect(screen.getByRole("button", { name: "Copy code" })).toBeTruthy();
    // A message heading never competes with the page's h1/h2.
    expect(container.querySelector("h1, h2")).toBeNull();
    expect(container.querySelector("h3")?.textContent).toBe("Report");
    expect(container.textContent).not.toContain("```");
  });

  it("highlights a settled code fence with the lazily loaded highlighter", async () => {
    const { container } = await renderMarkdown("```js\nconst answer = 42;\n```");
    // The highlighter is a dynamic import: its first load can take seconds on a busy machine.
    await waitFor(
      () => expect(container.querySelector("code[data-highlighted] .hljs-keyword")).toBeTruthy(),
      {
        timeout: 10_000,
      },
    );
    expect(container.querySelector(".hljs-keyword")?.textContent).toBe("const");
  });

  it("links open in a new tab with noopener noreferrer; only http(s) and mailto are clickable", async () => {
    const { container } = await renderMarkdown(
      "[site](https://example.com) [mail](mailto:a@example.com) [js](javascript:alert(1)) [data](data:text/html,x) [rel](/etc/passwd)",
    );
    const links = [...container.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com", "mailto:a@example.com"]);
    for (const a of links) {
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
      expect(a.getAttribute("target")).toBe("_blank");
    }
    expect(container.textContent).toContain("js");
    expect(container.innerHTML).not.toContain("javascript:");
  });

  it("hostile markdown stays inert: raw HTML is text, no script, no event handler, no image load", async () => {
    const { container } = await renderMarkdown(
      [
        '<img src=x onerror="alert(1)">',
        "",
        "<script>alert(2)</script>",
        "",
        '<a href="javascript:alert(3)">x</a>',
        "",
        "![pixel](https://tracker.example/p.gif)",
        "",
        "[x](JaVaScRiPt:alert(4))",
      ].join("\n"),
    );
    expect(container.querySelector("img, script, iframe")).toBeNull();
    for (const el of container.querySelectorAll("*"))
      for (const attr of el.getAttributeNames()) expect(attr.startsWith("on")).toBe(false);
    expect(container.textContent).toContain("<script>alert(2)</script>");
    const hrefs = [...container.querySelectorAll("[href]")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(["https://tracker.example/p.gif"]);
    expect(container.textContent).toContain('<a href="javascript:alert(3)">x</a>');
    expect(screen.getByText("image: pixel").getAttribute("href")).toBe("https://tracker.example/p.gif");
  });

  it("while streaming, an unfinished code fence renders as a growing code block", async () => {
    const { container, rerender } = await renderMarkdown("Intro\n\n```py\nprint(1)\n", true);
    expect(container.querySelector("pre code")?.textContent).toBe("print(1)");
    expect(container.textContent).not.toContain("```");
    rerender(<MarkdownText text={"Intro\n\n```py\nprint(1)\nprint(2)"} streaming className="aui-text" />);
    await waitFor(() => expect(container.querySelector("pre code")?.textContent).toBe("print(1)\nprint(2)"));
  });

  it("while streaming, a table still arriving is text; it becomes a table once settled", async () => {
    const { container, rerender } = await renderMarkdown("Scores:\n\n| a | b |\n", true);
    expect(container.querySelector("table")).toBeNull();
    expect(container.querySelector(".aui-md-plain")?.textContent).toBe("| a | b |\n");
    rerender(
      <MarkdownText text={"Scores:\n\n| a | b |\n| - | - |\n| 1 | 2 |"} streaming={false} className="x" />,
    );
    await waitFor(() => expect(container.querySelector("table td")?.textContent).toBe("1"));
  });
});

describe("markdown blocks", () => {
  it("cuts at blank lines outside fences, never inside one", () => {
    const state = emptyBlockState();
    advanceBlocks(state, "a\n\n```\nx\n\ny\n```\n\nb\n\n  indented\nc");
    expect(state.blocks).toEqual(["a\n\n", "```\nx\n\ny\n```\n\n"]);
    expect(tailOf(state, false)).toEqual({ kind: "markdown", text: "b\n\n  indented\nc" });
  });

  it("incremental feeding settles the same blocks as one pass, for any split of the text", () => {
    const line = fc.constantFrom("text", "", "```", "~~~", "| a |", "  - item", "# h", "```js");
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 8 }), (lines, cuts) => {
        const text = lines.join("\n");
        const once = emptyBlockState();
        advanceBlocks(once, text);
        const inc = emptyBlockState();
        for (const cut of [...cuts.map((c) => c % (text.length + 1))].sort((a, b) => a - b))
          advanceBlocks(inc, text.slice(0, cut));
        advanceBlocks(inc, text);
        expect(inc.blocks).toEqual(once.blocks);
        expect(inc.blocks.join("") + text.slice(inc.consumed)).toBe(text);
      }),
    );
  });

  it("safeHref allows only http(s) and mailto", () => {
    expect(safeHref(" https://a.example ")).toBe("https://a.example");
    expect(safeHref("HTTP://a.example")).toBe("HTTP://a.example");
    for (const bad of ["javascript:x", "data:x", "vbscript:x", "//evil", "/path", "file:///x", "ftp://x", ""])
      expect(safeHref(bad)).toBeUndefined();
  });
});

describe("long streaming paragraphs", () => {
  it("a streaming tail over the live limit is plain text blocks; it becomes markdown once finished", async () => {
    const long = `**bold** ${"word ".repeat(400)}`;
    const { container, rerender } = await renderMarkdown(long, true);
    expect(container.querySelector("strong")).toBeNull();
    expect(container.textContent).toContain("**bold**");
    rerender(<MarkdownText text={long} streaming={false} className="aui-text" />);
    await waitFor(() => expect(container.querySelector("strong")?.textContent).toBe("bold"));
  });
});
