// axe-core in a real page: injects the library and returns the violations of the given impacts (default:
// critical and serious), optionally within one part of the page. Every e2e state can call it. The source
// is evaluated through the DevTools protocol, so the workbench's strict CSP (no inline script) stays on.
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const axeSource: string = require("axe-core").source;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function axeViolations(
  page: Page,
  options: { include?: string; impacts?: string[] } = {},
): Promise<AxeViolation[]> {
  const impacts = options.impacts ?? ["critical", "serious"];
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page as a global
    const axe = (window as any).axe;
    const result = await axe.run(include ? { include: [include] } : document, {
      resultTypes: ["violations"],
      // Experimental in axe (off by default); WCAG 2.5.3 (label in name) is checked too.
      rules: { "label-content-name-mismatch": { enabled: true } },
    });
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }),
    );
  }, options.include);
  return (violations as AxeViolation[]).filter((v) => impacts.includes(v.impact ?? ""));
}

/** Fails with the list of violations when the page (or the given part) has any critical or serious one. */
export async function expectNoAxeViolations(page: Page, state: string, include?: string): Promise<void> {
  const violations = await axeViolations(page, { include });
  if (violations.length > 0) {
    const lines = violations.map(
      (v) => `  ${v.impact} ${v.id}: ${v.help} @ ${v.targets.slice(0, 3).join(", ")}`,
    );
    throw new Error(`axe: ${violations.length} violation(s) on ${state}\n${lines.join("\n")}`);
  }
}
