// The sessions drawer: new session per scenario the gateway offers or on the user's own agent (Connect),
// search by title, and the list with
// each run's state (which sessions need a decision); rename and delete (asks first) for the selected one.
import type { SessionInfo, SourceInfo } from "@agent-ui/client";
import { Badge, CardButton } from "@agent-ui/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { runState, sessionLabel } from "./run-state";

export interface SessionListProps {
  sessions: SessionInfo[];
  sources: SourceInfo[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onCreate: (scenario: string) => Promise<void>;
  /** Opens the Connect dialog (a session on the user's own agent). */
  onConnect?: () => void;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  error?: string | null;
}

export function SessionList(props: SessionListProps) {
  const [query, setQuery] = useState("");
  const [creating, setCreating] = useState<string | null>(null);
  const scenarios = props.sources.find((s) => s.kind === "demo")?.scenarios ?? [];
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return props.sessions;
    return props.sessions.filter((s) => sessionLabel(s, s.id).toLowerCase().includes(q));
  }, [props.sessions, query]);
  const active = props.sessions.find((s) => s.id === props.activeId);
  const create = async (scenario: string) => {
    setCreating(scenario);
    try {
      await props.onCreate(scenario);
    } finally {
      setCreating(null);
    }
  };
  return (
    <div className="wb-session-list-pane">
      <h2>New session</h2>
      {scenarios.length === 0 ? <p className="aui-hint">The gateway offers no demo scenarios.</p> : null}
      <div className="wb-scenarios">
        {scenarios.map((scenario) => (
          <button
            key={scenario}
            type="button"
            className="aui-button"
            disabled={creating !== null}
            onClick={() => void create(scenario)}
          >
            {creating === scenario ? "Creating…" : `+ ${scenario}`}
          </button>
        ))}
      </div>
      {props.onConnect ? (
        <button type="button" className="aui-button wb-connect-open" onClick={props.onConnect}>
          Connect an agent…
        </button>
      ) : null}
      <h2>Sessions</h2>
      <input
        type="search"
        className="wb-search"
        placeholder="Search by title"
        aria-label="Search sessions by title"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {props.error ? (
        <p className="aui-tool-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <ul className="wb-session-list">
        {shown.map((s) => {
          const state = runState(s);
          return (
            <li key={s.id}>
              <CardButton
                title={sessionLabel(s, s.id)}
                selected={s.id === props.activeId}
                selection="page"
                onClick={() => props.onSelect(s.id)}
              >
                <Badge value={state.label} tone={state.tone} />
              </CardButton>
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && props.sessions.length > 0 ? (
        <p className="aui-hint">No session matches.</p>
      ) : null}
      {active ? (
        <SessionActions
          key={active.id}
          session={active}
          onRename={props.onRename}
          onDelete={props.onDelete}
        />
      ) : null}
    </div>
  );
}

function SessionActions({
  session,
  onRename,
  onDelete,
}: {
  session: SessionInfo;
  onRename: SessionListProps["onRename"];
  onDelete: SessionListProps["onDelete"];
}) {
  const [mode, setMode] = useState<"idle" | "rename" | "delete">("idle");
  const [title, setTitle] = useState(sessionLabel(session, session.id));
  const [error, setError] = useState<string | null>(null);
  // Focus follows the user: into the form or the question when one opens, back to the button that opened
  // it when it closes (the button that had focus is gone while they are shown).
  const titleRef = useRef<HTMLInputElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const opened = useRef<"rename" | "delete" | null>(null);
  useEffect(() => {
    if (mode === "rename") titleRef.current?.focus();
    else if (mode === "delete") keepRef.current?.focus();
    else if (opened.current) (opened.current === "rename" ? renameRef : deleteRef).current?.focus();
    opened.current = mode === "idle" ? null : mode;
  }, [mode]);
  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
      setMode("idle");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="wb-session-actions" aria-label="Selected session">
      {mode === "rename" ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => onRename(session.id, title));
          }}
        >
          <label>
            Title
            <input
              ref={titleRef}
              value={title}
              maxLength={200}
              onChange={(event) => setTitle(event.target.value)}
            />
          </label>
          <button type="submit" className="aui-button" disabled={!title.trim()}>
            Save
          </button>
          <button type="button" className="aui-button aui-button-quiet" onClick={() => setMode("idle")}>
            Cancel
          </button>
        </form>
      ) : mode === "delete" ? (
        <div role="alertdialog" aria-label="Delete session?" className="wb-confirm">
          <p>Delete “{sessionLabel(session, session.id)}” and its whole log? This cannot be undone.</p>
          <button
            type="button"
            className="aui-button aui-button-danger"
            onClick={() => void run(() => onDelete(session.id))}
          >
            Delete
          </button>
          <button
            ref={keepRef}
            type="button"
            className="aui-button aui-button-quiet"
            onClick={() => setMode("idle")}
          >
            Keep it
          </button>
        </div>
      ) : (
        <div className="wb-session-buttons">
          <button
            ref={renameRef}
            type="button"
            className="aui-button aui-button-quiet"
            onClick={() => {
              setTitle(sessionLabel(session, session.id));
              setMode("rename");
            }}
          >
            Rename…
          </button>
          <button
            ref={deleteRef}
            type="button"
            className="aui-button aui-button-quiet"
            onClick={() => setMode("delete")}
          >
            Delete…
          </button>
        </div>
      )}
      {error ? <p className="aui-tool-error">{error}</p> : null}
    </section>
  );
}
