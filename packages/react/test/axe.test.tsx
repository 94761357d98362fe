// @vitest-environment happy-dom
// axe-core on component DOM (rules that need layout, such as colour contrast, run in the Chromium tests).
import { cleanup, render } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import { Composer } from "../src/composer";
import { acceptingDispatch, renderConversation } from "./helpers";

afterEach(cleanup);

async function seriousViolations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    resultTypes: ["violations"],
    rules: {
      "color-contrast": { enabled: false },
      region: { enabled: false },
      // Experimental in axe (off by default), but WCAG 2.5.3 is what the issue reported.
      "label-content-name-mismatch": { enabled: true },
    },
  });
  return result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("axe on components", () => {
  it("the composer (a combobox textarea) has no critical or serious violation", async () => {
    const { container } = render(
      <Composer dispatch={acceptingDispatch().dispatch} runActive={false} mentionables={[]} />,
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("a conversation with evidence and teammate links has no critical or serious violation", async () => {
    const { container } = renderConversation(undefined, { onOpenEvidence: () => {}, onOpenAgent: () => {} });
    expect(await seriousViolations(container)).toEqual([]);
  });
});
