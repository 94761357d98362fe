// @vitest-environment happy-dom
import type { ArtifactRecord } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ArtifactBody, bodyFormat } from "../src/artifact-body";
import { ArtifactWorkspace } from "../src/artifact-workspace";
import { DiffView } from "../src/diff-view";
import { preloadMarkdown } from "../src/markdown-text";
import { recordingDispatch } from "./helpers";

afterEach(cleanup);

const bodies: Record<string, string> = {
  "artifact://r/v1": "# Report\n\nRevenue grew.\n",
  "artifact://r/v2": "# Report\n\nRevenue grew 12%.\n\nCosts fell.\n",
  "artifact://r/v3": "# Report\n\nRevenue grew 12%.\n",
  "artifact://r/v1..v2":
    "--- a\n+++ b\n@@ -1,3 +1,5 @@\n # Report\n-Revenue grew.\n+Revenue grew 12%.\n+Costs fell.",
  "artifact://r/v2..v3": "--- a\n+++ b\n@@ -1,5 +1,3 @@\n # Report\n-Costs fell.",
};
const load = async (ref: string) => {
  const body = bodies[ref];
  if (body === undefined) throw new Error(`unknown ref ${ref}`);
  return body;
};

function report(version: 1 | 2 | 3): ArtifactRecord {
  const versions = [1, 2, 3].slice(0, version).map((n) => ({ versionId: `r_v${n}`, sourceRefs: [] }));
  return {
    artifactId: "r",
    kind: "document",
    title: "report.md",
    status: "ready",
    versions,
    currentVersionId: `r_v${version}`,
    preview: "# Report\n\n| a | b |\n| - | - |\n| 1 | 2 |",
    readRef: `artifact://r/v${version}`,
    diffRef: version > 1 ? `artifact://r/v${version - 1}..v${version}` : undefined,
    export: { status: "none" },
    sourceRefs: [],
    evidenceRefs: [],
  };
}

describe("artifact diff", () => {
  it("ART-08 added lines are green '+', removed red '−'; the sign is text as well as colour", () => {
    const { container } = render(<DiffView text={bodies["artifact://r/v1..v2"]} />);
    const kinds = [...container.querySelectorAll(".aui-diff-line")].map((l) => l.getAttribute("data-kind"));
    expect(kinds).toEqual(["meta", "meta", "hunk", "ctx", "del", "add", "add"]);
    expect(container.querySelector(".aui-diff-add")?.textContent).toBe("+Revenue grew 12%.\n");
    expect(container.querySelector("figcaption")?.textContent).toBe("+2 −1");
  });

  it("ART-08 after a new version the diff body matches its header (no body of the old pair)", async () => {
    const { rerender } = render(<ArtifactWorkspace artifacts={{ r: report(2) }} loadDetail={load} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show diff" })));
    expect(screen.getByRole("region", { name: "Diff" }).textContent).toContain("+Costs fell.");
    rerender(<ArtifactWorkspace artifacts={{ r: report(3) }} loadDetail={load} />);
    const diff = screen.getByRole("region", { name: "Diff" });
    expect(diff.textContent).toContain("artifact://r/v2..v3");
    expect(diff.querySelector(".aui-diff")).toBeNull();
    await act(async () => fireEvent.click(within(diff).getByRole("button", { name: "Show diff" })));
    expect(diff.querySelector(".aui-diff-del")?.textContent).toBe("-Costs fell.\n");
  });
});

describe("artifact versions", () => {
  it("versions are named by position, ids only in the title; open an old version and compare any two", async () => {
    const { rerender } = render(<ArtifactWorkspace artifacts={{ r: report(1) }} loadDetail={load} />);
    rerender(<ArtifactWorkspace artifacts={{ r: report(2) }} loadDetail={load} />);
    rerender(<ArtifactWorkspace artifacts={{ r: report(3) }} loadDetail={load} />);
    const rail = screen.getByRole("region", { name: "Versions" });
    expect(rail.textContent).not.toContain("r_v1");
    expect(
      within(rail)
        .getByText("Version 1", { selector: ".aui-version-label" })
        .closest("li")
        ?.getAttribute("title"),
    ).toBe("r_v1");
    await preloadMarkdown();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open Version 1" })));
    await waitFor(() => expect(within(rail).getByText("Revenue grew.")).toBeTruthy());
    const [from, to] = within(rail).getAllByRole("combobox") as HTMLSelectElement[];
    fireEvent.change(from, { target: { value: "r_v1" } });
    fireEvent.change(to, { target: { value: "r_v3" } });
    await act(async () => fireEvent.click(within(rail).getByRole("button", { name: "Compare" })));
    const diff = await screen.findByLabelText("Changes from report.md Version 1 to report.md Version 3");
    expect([...diff.querySelectorAll(".aui-diff-add, .aui-diff-del")].map((l) => l.textContent)).toEqual([
      "-Revenue grew.\n",
      "+Revenue grew 12%.\n",
    ]);
  });

  it("CTRL-01 Restore sends rollback and waits until the current version changes", async () => {
    const rec = recordingDispatch();
    const { rerender } = render(<ArtifactWorkspace artifacts={{ r: report(3) }} dispatch={rec.dispatch} />);
    expect(screen.queryByRole("button", { name: "Restore Version 3" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Restore Version 1" }));
    expect(rec.calls).toEqual([{ kind: "rollback", artifactId: "r", versionId: "r_v1" }]);
    await act(async () => rec.settle("accepted"));
    expect(screen.getByText(/Restore sent — waiting for runtime/)).toBeTruthy();
    const restored = {
      ...report(3),
      versions: [...report(3).versions, { versionId: "r_v4", sourceRefs: [] }],
    };
    rerender(
      <ArtifactWorkspace
        artifacts={{ r: { ...restored, currentVersionId: "r_v4" } }}
        dispatch={rec.dispatch}
      />,
    );
    expect(screen.queryByText(/waiting for runtime/)).toBeNull();
  });
});

describe("artifact preview", () => {
  it("ART-04 markdown renders through the answer renderer; JSON pretty; HTML stays text; images only from safe sources", async () => {
    await preloadMarkdown();
    render(<ArtifactWorkspace artifacts={{ r: report(1) }} />);
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Preview" }).querySelector("table td")).toBeTruthy(),
    );
    expect(bodyFormat('{"a":1}')).toBe("json");
    expect(bodyFormat("<html><script>x</script></html>")).toBe("text");
    expect(bodyFormat("data:image/png;base64,AAAA", "image")).toBe("image");
    expect(bodyFormat("data:image/svg+xml;base64,AAAA", "image")).not.toBe("image");
    expect(bodyFormat("javascript:alert(1)", "image")).not.toBe("image");
    cleanup();
    const { container } = render(<ArtifactBody text={'{"a":[1,2]}'} />);
    expect(container.querySelector("pre")?.textContent).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    cleanup();
    const html = render(
      <ArtifactBody text={'<!doctype html><img src=x onerror="alert(1)">'} name="page.html" />,
    );
    expect(html.container.querySelector("img")).toBeNull();
    expect(html.container.textContent).toContain("onerror");
  });
});
