// End to end in a real browser: the workbench against the gateway and the embedded demo runtime. Every
// step clicks, waits for the runtime's fact to be rendered, then asserts (never a markup regex).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { type Harness, loggedEvents, runBrowser, screenshot, useHarness } from "./browser";

const FACT_TIMEOUT = 45_000;

async function panel(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  return page.getByRole("tabpanel", { name });
}

/** The runtime's resolution as rendered: on the card while the process is live, in the collapsed summary
 * once the run completed (HITL-10). */
function resolvedAs(page: Page, decision: string) {
  return page.getByText(new RegExp(`Resolved by runtime: ${decision}|decision \\(${decision}`)).first();
}

/** Counts logged events of one class through the gateway's paged log. */
async function countEvents(h: Harness, sessionId: string, type: string): Promise<number> {
  return (await loggedEvents(h, sessionId)).filter((e) => e.type === type).length;
}

/** A queue-steer session opened while its turn runs: the composer offers queue and steer. */
async function openRunningQueueSteer(h: Harness) {
  const id = await h.createSession("queue-steer", { pace: 1 });
  const page = await h.open(id);
  const queueButton = page.getByRole("button", { name: "Queue — run next" });
  await queueButton.waitFor({ timeout: FACT_TIMEOUT });
  return { id, page, queueButton, input: page.getByRole("combobox", { name: "Message" }) };
}

describe.skipIf(!runBrowser)("workbench in Chromium", () => {
  const harness = useHarness();

  it("HITL-02/03 team: approve the gated tool, see the artifact and the review verdict, reload hydrates the same state", async () => {
    const h = harness();
    const id = await h.createSession("team", { pace: 0.4 });
    const page = await h.open(id);
    const status = page.getByLabel("Runtime status");
    await status.waitFor();

    const card = page.getByRole("region", { name: /^Action / });
    const approve = card.getByRole("button", { name: "Approve" });
    await approve.waitFor({ timeout: FACT_TIMEOUT });
    await screenshot(page, "workbench-approval");
    await expectNoAxeViolations(page, "approval pending");
    // A double click is harmless: the card disables itself and the client dedupes (HITL-05).
    await approve.dblclick();
    // The click only sends the write; the card resolves when the runtime's action.resolved is rendered.
    await resolvedAs(page, "approve").waitFor({ timeout: FACT_TIMEOUT });

    await page.getByText("Completed", { exact: true }).waitFor({ timeout: FACT_TIMEOUT * 2 });
    expect(await countEvents(h, id, "action.resolved")).toBe(1);
    const artifacts = await panel(page, "artifacts");
    const artifactCard = artifacts.getByRole("button", { name: /report\.md/ });
    await artifactCard.waitFor({ timeout: FACT_TIMEOUT });
    const exportState = await artifacts.getByText(/^export: /).textContent();
    await screenshot(page, "workbench-artifact");

    const team = await panel(page, "team");
    const reviews = team.getByRole("region", { name: "Review lane" });
    const verdict = reviews.getByText(/^verdict: /).first();
    await verdict.waitFor({ timeout: FACT_TIMEOUT });
    const verdictText = await verdict.textContent();
    expect(verdictText).not.toBe("verdict: unknown");
    await screenshot(page, "workbench-team");
    await expectNoAxeViolations(page, "team board");
    const answerBefore = await page.locator(".aui-answer").allTextContents();
    expect(answerBefore.join("").length).toBeGreaterThan(0);

    await page.reload();
    await page.getByText("Completed", { exact: true }).waitFor({ timeout: FACT_TIMEOUT });
    const teamAfter = await panel(page, "team");
    await teamAfter
      .getByRole("region", { name: "Review lane" })
      .getByText(verdictText ?? "")
      .first()
      .waitFor();
    expect(await page.locator(".aui-answer").allTextContents()).toEqual(answerBefore);
    const artifactsAfter = await panel(page, "artifacts");
    await artifactsAfter.getByRole("button", { name: /report\.md/ }).waitFor();
    expect(await artifactsAfter.getByText(/^export: /).textContent()).toBe(exportState);
    await page.close();
  }, 180_000);

  it("TEAM-03/14 team: a wait write shows the coordinator's wait edge once the runtime confirms it, then ended", async () => {
    const h = harness();
    const id = await h.createSession("team", { pace: 0.4 });
    const page = await h.open(id);
    // While the coder's write waits for approval the coder is busy, so there is a running teammate to wait on.
    const approve = page.getByRole("region", { name: /^Action / }).getByRole("button", { name: "Approve" });
    await approve.waitFor({ timeout: FACT_TIMEOUT });
    const team = await panel(page, "team");
    const roster = team.getByRole("region", { name: "Roster" });
    const coder = roster.getByRole("listitem").filter({ has: page.getByText("Coder", { exact: true }) });
    await coder.getByRole("checkbox", { name: "wait on" }).check();
    await roster.getByRole("button", { name: "Wait for selected" }).click();
    // The click is intent only; the edge is drawn from the runtime's waiting fact (waitingOn).
    const waits = team.getByRole("region", { name: "Waits" });
    await waits
      .getByRole("listitem", { name: /^Coordinator wait(ing|ed) on Coder/ })
      .waitFor({ timeout: FACT_TIMEOUT });
    const waitFacts = (await loggedEvents(h, id)).filter(
      (e) => e.type === "agent.changed" && Array.isArray((e.payload as { waitingOn?: unknown })?.waitingOn),
    );
    expect(waitFacts.length).toBeGreaterThan(0);
    await screenshot(page, "workbench-team-wait");
    // Once the coder's work is done the coordinator moves on: the edge stays, marked ended.
    await approve.click();
    const ended = waits.getByRole("listitem", { name: "Coordinator waited on Coder (ended)" });
    await ended.waitFor({ timeout: FACT_TIMEOUT * 2 });
    expect(await ended.getAttribute("data-status")).toBe("ended");
    await page.close();
  }, 180_000);

  it("HITL-04 approval: reject resolves the action as rejected and the tool never shows output", async () => {
    const h = harness();
    const id = await h.createSession("approval", { pace: 0.4 });
    const page = await h.open(id);
    const card = page.getByRole("region", { name: /^Action / });
    const reject = card.getByRole("button", { name: "Reject" });
    await reject.waitFor({ timeout: FACT_TIMEOUT });
    await reject.click();
    await resolvedAs(page, "rejected").waitFor({ timeout: FACT_TIMEOUT });
    await page.getByText("Completed", { exact: true }).waitFor({ timeout: FACT_TIMEOUT });
    // The finished process is archived collapsed (PROC-03); open it to read the tool's terminal state.
    const process = page.getByRole("region", { name: "Process" }).filter({ hasText: "write_file" });
    await process.getByRole("button", { name: "Show steps" }).click();
    const tool = process.getByRole("article", { name: "Tool write_file" });
    expect(await tool.getAttribute("data-status")).toBe("output-error");
    await screenshot(page, "workbench-rejected");
    await page.close();
  }, 120_000);

  it("QUEUE-01/02 queue-steer: queue runs next and steer changes the current run, each shown as its own fact", async () => {
    const h = harness();
    const { page, queueButton, input } = await openRunningQueueSteer(h);
    await input.fill("Then summarize the pipeline in one line");
    await queueButton.click();
    const tasks = await panel(page, "tasks");
    await tasks.getByText("Queued turn #1").waitFor({ timeout: FACT_TIMEOUT });
    await input.fill("Mention the hydration step");
    await page.getByRole("button", { name: "Steer — change current run" }).click();
    await page
      .getByText(/Steer applied|Adjusting as you asked/)
      .first()
      .waitFor({ timeout: FACT_TIMEOUT });
    await screenshot(page, "workbench-queue-steer");
    await page.close();
  }, 120_000);
  it("HYD-03 time travel re-projects the log at a chosen position (read-only); the inspector shows envelopes with diagnostics", async () => {
    const h = harness();
    const id = await h.createSession("solo", { pace: 0 });
    const page = await h.open(id);
    await page.getByText("Completed", { exact: true }).waitFor({ timeout: FACT_TIMEOUT });
    const scrubber = page.getByRole("slider", { name: "Event log position" });
    await scrubber.fill("3");
    await page.getByText(/^at #3 of \d+ · 3 events replayed$/).waitFor({ timeout: FACT_TIMEOUT });
    // The past cannot be written to; the composer says why.
    await page
      .getByText(/Viewing the past \(#3\)/)
      .first()
      .waitFor();
    expect(await page.getByText("Completed", { exact: true }).count()).toBe(0);
    await screenshot(page, "workbench-time-travel");
    await expectNoAxeViolations(page, "time travel");
    await page.getByRole("button", { name: "Back to live" }).click();
    await page.getByText("Completed", { exact: true }).waitFor();

    const inspector = await panel(page, "inspector");
    await inspector.getByRole("button", { name: /^#1 / }).click();
    await inspector.getByRole("heading", { name: "Envelope" }).waitFor();
    const envelope = JSON.parse((await inspector.locator("pre").textContent()) ?? "{}") as { type?: string };
    expect(typeof envelope.type).toBe("string");
    await page.getByRole("button", { name: /^Theme: / }).click();
    await screenshot(page, "workbench-inspector-dark");
    await page.close();
  }, 120_000);
  it("QUEUE-08/TEAM-14/CTRL-02 a queued turn leaves only on queue.changed; a write the runtime refuses keeps the draft with a retry", async () => {
    const h = harness();
    const { id, page, queueButton, input } = await openRunningQueueSteer(h);
    await input.fill("First follow-up");
    await queueButton.click();
    await input.fill("Second follow-up to drop");
    await queueButton.click();
    const tasks = await panel(page, "tasks");
    const row = tasks.getByRole("listitem").filter({ hasText: "Second follow-up to drop" });
    await row.waitFor({ timeout: FACT_TIMEOUT });
    // The projection's queued-turn capsule and the queue item are one row, not two (QUEUE-06).
    expect(await tasks.getByText("Second follow-up to drop").count()).toBe(1);
    const changesBefore = await countEvents(h, id, "queue.changed");
    await row.getByRole("button", { name: /^Remove queued turn/ }).click();
    await row.waitFor({ state: "detached", timeout: FACT_TIMEOUT });
    // It left because the runtime said so: a new queue.changed was logged for the removal.
    expect(await countEvents(h, id, "queue.changed")).toBeGreaterThan(changesBefore);

    // The demo runtime does not implement delegate: the refusal is shown, the draft kept, retry offered.
    const team = await panel(page, "team");
    const form = team.getByRole("form", { name: "Delegate" });
    await form.getByLabel("Task").fill("Check the numbers");
    await form.getByRole("button", { name: "Delegate" }).click();
    await form.getByRole("alert").waitFor({ timeout: FACT_TIMEOUT });
    expect(await form.getByRole("alert").textContent()).toMatch(/Delegate not applied \(rejected/);
    expect(await form.getByLabel("Task").inputValue()).toBe("Check the numbers");
    expect(await form.getByRole("button", { name: "Retry delegate" }).count()).toBe(1);
    await page.close();
  }, 120_000);
  it("TASK-07/TASK-08 retry keeps the failed attempt; a blocked task shows its reason, never endless running", async () => {
    const h = harness();
    const retryPage = await h.open(await h.createSession("retry", { pace: 0 }));
    const retryTasks = await panel(retryPage, "tasks");
    const attempts = retryTasks.getByRole("list", { name: /^Attempts of / });
    await attempts.getByText(/^attempt 2: /).waitFor({ timeout: FACT_TIMEOUT });
    expect(await attempts.getByText(/^attempt 1: failed/).count()).toBe(1);
    await retryPage.close();

    const blockedPage = await h.open(await h.createSession("blocked", { pace: 0 }));
    const blockedTasks = await panel(blockedPage, "tasks");
    const capsule = blockedTasks.locator("li[data-state='blocked']");
    await capsule.waitFor({ timeout: FACT_TIMEOUT });
    expect(await capsule.locator(".aui-capsule-reason").textContent()).not.toBe("reason: unknown");
    await screenshot(blockedPage, "workbench-blocked");
    await blockedPage.close();
  }, 120_000);
});
