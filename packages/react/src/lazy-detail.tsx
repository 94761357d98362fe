// Detail payloads (evidence packs, diffs, full outputs) load only when the user asks (EVID-10): a ref is
// shown first, and the loader is called on "open", never during render.
import { type ReactNode, useState } from "react";

/** Resolves a detail ref (e.g. `pack://…`, `diff://…`) to displayable text; owned by the client. */
export type DetailLoader = (ref: string) => Promise<string>;

type DetailState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "loaded"; text: string }
  | { status: "error"; message: string };

export function LazyDetail(props: {
  refValue: string;
  label: string;
  load?: DetailLoader;
  /** How a loaded body is shown (default: preformatted text). */
  render?: (text: string) => ReactNode;
}) {
  // The state belongs to one ref: when the fact names a new ref (a new version's diff), the body loaded
  // for the old one is dropped, so a header and its body never disagree.
  const [held, setHeld] = useState<{ ref: string; state: DetailState }>({
    ref: props.refValue,
    state: { status: "idle" },
  });
  const state: DetailState = held.ref === props.refValue ? held.state : { status: "idle" };
  const ref = props.refValue;
  const setState = (next: DetailState) => setHeld({ ref, state: next });
  if (!props.load) return <code className="aui-hint">{props.refValue}</code>;
  const load = props.load;
  const open = async () => {
    setState({ status: "loading" });
    try {
      setState({ status: "loaded", text: await load(ref) });
    } catch (error) {
      setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="aui-lazy">
      <code className="aui-hint">{props.refValue}</code>{" "}
      {state.status === "idle" || state.status === "error" ? (
        <button type="button" className="aui-button aui-button-quiet" onClick={open}>
          {props.label}
        </button>
      ) : null}
      {state.status === "loading" ? <span className="aui-hint">loading…</span> : null}
      {state.status === "error" ? <span className="aui-tool-error">unavailable: {state.message}</span> : null}
      {state.status === "loaded" ? (
        props.render ? (
          props.render(state.text)
        ) : (
          <pre className="aui-detail">{state.text}</pre>
        )
      ) : null}
    </div>
  );
}
