// AS-ART-08: an old session's first paint carries artifact summaries, not artifact bodies — the newest cards
// and the ones its recent messages point at, each with a bounded preview and the ref its body is read
// from; the rest are counted and page in by cursor.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { createSession, getJson, scriptedFactory, startTestServer, waitFor } from "./helpers";

const ARTIFACTS = 150;
const BODY = "chapter text ".repeat(2000);

function script(): Partial<AgentUiEvent>[] {
  const events: Partial<AgentUiEvent>[] = [];
  for (let n = 1; n <= ARTIFACTS; n++) {
    const turn = { turnId: `t${n}`, messageId: `m${n}` };
    events.push({ type: "run.started", ...turn, payload: { input: `write part ${n}` } });
    events.push({
      type: "artifact.created",
      ...turn,
      artifactId: `art-${n}`,
      artifactKind: "document",
      artifactReadRef: `artifact://art-${n}`,
      payload: { title: `Part ${n}`, preview: `${n}: ${BODY}` },
    });
    events.push({ type: "text.delta", ...turn, payload: { delta: `part ${n} written` } });
  }
  return events;
}

describe("an old session's artifacts in the hydration window", () => {
  let server: RunningServer;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scriptedFactory(script())] });
    id = (await createSession(server, { source: "scripted" }, script().length)).id;
  });
  afterAll(async () => server?.close());

  it("AS-ART-08 the first paint holds bounded artifact summaries with read refs; older ones are counted", async () => {
    // The gateway projects the appended log behind it: read the window once every artifact is projected.
    const body = await waitFor(async () => {
      const { status, body } = await getJson(`${server.url}/api/sessions/${id}/snapshot?limit=2`);
      expect(status).toBe(200);
      return body.window.tables.artifacts?.total === ARTIFACTS ? body : undefined;
    }, 20_000);
    const artifacts = Object.values(body.state.artifacts) as {
      artifactId: string;
      title?: string;
      kind: string;
      preview?: string;
      readRef?: string;
    }[];
    expect(body.window.tables.artifacts).toMatchObject({ total: ARTIFACTS, truncated: true });
    expect(artifacts.length).toBeLessThan(ARTIFACTS);
    // The newest artifact is there as a summary: title, kind, a bounded preview and where its body is.
    const newest = body.state.artifacts[`art-${ARTIFACTS}`];
    expect(newest).toMatchObject({ title: `Part ${ARTIFACTS}`, kind: "document" });
    expect(newest.readRef).toBe(`artifact://art-${ARTIFACTS}`);
    for (const artifact of artifacts) expect((artifact.preview ?? "").length).toBeLessThanOrEqual(4096);
    expect(JSON.stringify(body.state.artifacts).length).toBeLessThan(artifacts.length * 5000);
    expect(body.state.artifacts["art-1"]).toBeUndefined();
  });
});
