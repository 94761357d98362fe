// EvidenceLane: evidence, replay and review rendered from one evidence fact (EVID-02/03). Verification
// shows only the evidence owner's outcomes — `unavailable` when none ran, never "passed" (FALL-05); gaps are
// only reported ones (EVID-06); the pack payload loads on request (EVID-10).
import { WindowedList } from "./windowed-list";
import type { OlderPages } from "./older-pages";
import { BenchmarkFacts } from "./benchmark-facts";
import { CitationList } from "./citation-list";
import type { EvidenceRecord, Review } from "@agent-ui/contracts";
import type { Dispatch } from "./commands";
import { EvidenceExportButton } from "./evidence-export";
import { Badge, honestText, isFallback } from "./honest";
import { type DetailLoader, LazyDetail } from "./lazy-detail";

export interface EvidenceLaneProps {
  evidence: Record<string, EvidenceRecord>;
  reviews?: Review[];
  loadDetail?: DetailLoader;
  /** The evidence a conversation link opened: marked current and scrolled into view. */
  focusId?: string;
  /** Where the "Export pack" control sends its `export` write; without it the lane is read-only. */
  dispatch?: Dispatch;
  /** Older evidence still on the gateway, paged in as the user scrolls (HYD-02). */
  older?: OlderPages;
}

/** Scrolls the focused card into view once it is rendered. */
const revealOnMount = (el: HTMLElement | null) => el?.scrollIntoView?.({ block: "nearest" });

export function EvidenceLane({
  evidence,
  reviews = [],
  loadDetail,
  focusId,
  dispatch,
  older,
}: EvidenceLaneProps) {
  const list = Object.values(evidence);
  const hasOlder = older?.has("evidence") ?? false;
  return (
    <section className="aui-evidence" aria-label="Evidence">
      {list.length === 0 ? <p className="aui-hint">evidence: unavailable</p> : null}
      {list.length > WINDOW_FROM || hasOlder ? (
        <WindowedList
          className="aui-evidence-window"
          label="Evidence items"
          items={list}
          getKey={(ev) => ev.evidenceId}
          estimateHeight={260}
          threshold={WINDOW_FROM}
          scrollToIndex={focusId ? list.findIndex((ev) => ev.evidenceId === focusId) : undefined}
          hasOlder={hasOlder}
          onLoadOlder={older ? () => older.load("evidence") : undefined}
          renderItem={(ev) => card(ev)}
        />
      ) : (
        list.map((ev) => card(ev))
      )}
    </section>
  );

  function card(ev: EvidenceRecord) {
    const linkedReviews = reviews.filter((r) => r.evidenceRefs.includes(ev.evidenceId));
    const seq = ev.source?.sequence;
    return (
      <article
        key={ev.evidenceId}
        className="aui-evidence-card"
        aria-label={`Evidence ${ev.evidenceId}`}
        aria-current={ev.evidenceId === focusId ? "true" : undefined}
        ref={ev.evidenceId === focusId ? revealOnMount : undefined}
      >
        <header className="aui-row-head">
          <strong>{ev.evidenceId}</strong>
          <Badge value={ev.status} />
          <span className="aui-hint">source #{seq ?? "?"}</span>
          {dispatch ? <EvidenceExportButton evidence={ev} dispatch={dispatch} /> : null}
        </header>
        <CitationList citations={ev.citations} label={`Sources of evidence ${ev.evidenceId}`} />
        <dl className="aui-kv">
          <dt>pack</dt>
          <dd>
            {isFallback(ev.packRef) ? (
              <Badge value={ev.packRef} />
            ) : (
              <LazyDetail refValue={ev.packRef} label="Load pack" load={loadDetail} />
            )}
          </dd>
          <dt>replay</dt>
          <dd>{isFallback(ev.replayRef) ? <Badge value={ev.replayRef} /> : <code>{ev.replayRef}</code>}</dd>
          <dt>review</dt>
          <dd>{isFallback(ev.reviewRef) ? <Badge value={ev.reviewRef} /> : <code>{ev.reviewRef}</code>}</dd>
          <dt>verification</dt>
          <dd>
            {Array.isArray(ev.verification) ? (
              ev.verification.length === 0 ? (
                <Badge value="unavailable" />
              ) : (
                ev.verification.map((v) => <Badge key={v.name} label={v.name} value={v.status} />)
              )
            ) : (
              <Badge value={honestText(ev.verification)} />
            )}
          </dd>
          <dt>known gaps</dt>
          <dd>
            {Array.isArray(ev.knownGaps) ? (
              ev.knownGaps.length === 0 ? (
                "none reported"
              ) : (
                `${ev.knownGaps.length} reported`
              )
            ) : (
              <Badge value={ev.knownGaps} />
            )}
          </dd>
          {ev.traceId ? (
            <>
              <dt>trace</dt>
              <dd>
                <code>{ev.traceId}</code>
              </dd>
            </>
          ) : null}
        </dl>
        <BenchmarkFacts facts={ev.benchmark} evidenceId={ev.evidenceId} />
        {linkedReviews.length ? (
          <ul aria-label="Linked reviews">
            {linkedReviews.map((r) => (
              <li key={r.reviewId}>
                review {r.reviewId}: <Badge label="verdict" value={r.status} /> {r.verdict ?? ""}
              </li>
            ))}
          </ul>
        ) : null}
        {ev.toolCallIds.length || ev.artifactIds.length ? (
          <p className="aui-hint">links: {[...ev.toolCallIds, ...ev.artifactIds].join(", ")}</p>
        ) : null}
      </article>
    );
  }
}

/** Evidence lists longer than this mount only the cards near the scroll position. */
const WINDOW_FROM = 60;
