// The full preview of an artifact lives behind the runtime's `preview_ref` (ART-11): the snapshot holds only
// the ref, and the body is loaded when the user asks — through the host's detail loader (shown in place,
// like a tool's full output) or, without one, as an `open_detail` read sent to the owner. The component
// never fetches by itself. With neither path the ref is shown as text with "preview: unavailable", never as
// a link that cannot open.
import { useCallback, useEffect, useRef, useState } from "react";
import { type Dispatch, dispatchSafely } from "./commands";
import { type DetailLoader, LazyDetail } from "./lazy-detail";
import { useSessionMetrics } from "./session-metrics";

export interface ArtifactPreviewRefProps {
  previewRef: string;
  /** Reads the ref's body from its owner and shows it in place. */
  loadDetail?: DetailLoader;
  /** Without a loader: asks the owner with an `open_detail` write. */
  dispatch?: Dispatch;
  /** Names the artifact in the control's accessible name. */
  title?: string;
}

type RequestState = { status: "idle" | "sending" | "requested" } | { status: "refused"; reason: string };

export function ArtifactPreviewRef({ previewRef, loadDetail, dispatch, title }: ArtifactPreviewRefProps) {
  if (loadDetail) return <PreviewInPlace previewRef={previewRef} loadDetail={loadDetail} />;
  if (dispatch) return <OpenDetailRequest previewRef={previewRef} dispatch={dispatch} title={title} />;
  return (
    <p className="aui-preview-ref">
      <span className="aui-hint">preview: unavailable</span> <code className="aui-hint">{previewRef}</code>
    </p>
  );
}

/** The preview loaded in place. While it is shown, its UTF-8 size counts in the host's
 * `artifact.preview_loaded_bytes` (PERF-04); unmounting it, or a new ref (whose body replaces it), releases
 * it. */
function PreviewInPlace({ previewRef, loadDetail }: { previewRef: string; loadDetail: DetailLoader }) {
  const metrics = useSessionMetrics();
  const held = useRef(0);
  const shownRef = useRef<string | undefined>(undefined);
  const release = useCallback(() => {
    if (held.current > 0) metrics?.adjust("artifact.preview_loaded_bytes", -held.current);
    held.current = 0;
  }, [metrics]);
  useEffect(() => {
    shownRef.current = previewRef;
    return () => {
      release();
      shownRef.current = undefined;
    };
  }, [previewRef, release]);
  const load = useCallback(
    async (ref: string) => {
      const requestedAt = performance.now();
      const text = await loadDetail(ref);
      // Loaded for a ref no longer shown (the component is gone, or a newer version replaced it): it is
      // not held, so it is not counted.
      if (shownRef.current === ref) {
        release();
        held.current = new TextEncoder().encode(text).length;
        metrics?.adjust("artifact.preview_loaded_bytes", held.current);
        // The reference was asked for at the click; the preview shows with this render (PERF-07).
        metrics?.since("artifact.reference_to_preview_ms", requestedAt);
      }
      return text;
    },
    [loadDetail, metrics, release],
  );
  return <LazyDetail refValue={previewRef} label="Show preview" load={load} />;
}

function OpenDetailRequest(props: { previewRef: string; dispatch: Dispatch; title?: string }) {
  const { previewRef, dispatch, title } = props;
  const [state, setState] = useState<RequestState>({ status: "idle" });
  const request = async () => {
    setState({ status: "sending" });
    const result = await dispatchSafely(dispatch, { kind: "open_detail", ref: previewRef });
    setState(
      result.status === "accepted"
        ? { status: "requested" }
        : { status: "refused", reason: `${result.status}${result.reason ? `: ${result.reason}` : ""}` },
    );
  };
  return (
    <div className="aui-preview-ref">
      <code className="aui-hint">{previewRef}</code>{" "}
      {state.status === "idle" || state.status === "refused" ? (
        <button
          type="button"
          className="aui-button aui-button-quiet"
          aria-label={title ? `Show preview of ${title}` : undefined}
          onClick={request}
        >
          {state.status === "refused" ? "Retry preview" : "Show preview"}
        </button>
      ) : null}
      {state.status === "sending" ? <span className="aui-hint">requesting preview…</span> : null}
      {state.status === "requested" ? (
        <span className="aui-hint">preview requested — the runtime serves it</span>
      ) : null}
      {state.status === "refused" ? (
        <span className="aui-tool-error" role="alert">
          preview not opened ({state.reason})
        </span>
      ) : null}
    </div>
  );
}
