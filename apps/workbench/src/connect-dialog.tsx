// "Connect an agent": pick a protocol the gateway offers, give the agent's URL (for A2A, its base URL or
// its agent card URL) and optional headers, test the connection — the gateway says what failed (DNS,
// refused, timeout, TLS, 401/403, 404, wrong protocol) or what it found — then connect: the session is
// created on that upstream and opens live. A modal <dialog>: the page behind is inert, Escape closes it,
// and focus returns to the control that opened it. Header values are stored redacted by the gateway.
import type {
  ConnectionTestResult,
  CreateSessionRequest,
  GatewayHttpClient,
  SourceInfo,
} from "@agent-ui/client";
import { useEffect, useId, useRef, useState } from "react";

/** The live connectors, in the order the dialog offers them (only those the gateway lists are shown). */
const PROTOCOLS: { kind: string; label: string; urlHint: string }[] = [
  {
    kind: "ag-ui",
    label: "AG-UI",
    urlHint: "the endpoint that takes RunAgentInput, e.g. http://localhost:8000/agent",
  },
  {
    kind: "ai-sdk",
    label: "Vercel AI SDK (UI message stream)",
    urlHint: "the chat route, e.g. http://localhost:3000/api/chat",
  },
  {
    kind: "a2a",
    label: "A2A",
    urlHint: "the agent's base URL or its agent card URL (/.well-known/agent-card.json)",
  },
  {
    kind: "langgraph",
    label: "LangGraph server",
    urlHint: "the LangGraph server's URL, e.g. http://localhost:2024",
  },
];

export interface ConnectDialogProps {
  open: boolean;
  sources: SourceInfo[];
  http: Pick<GatewayHttpClient, "testConnection">;
  onConnect: (request: CreateSessionRequest) => Promise<void>;
  onClose: () => void;
}

/** `Name: value` lines → headers; the first line that is not one is the error. */
export function parseHeaderLines(text: string): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      return { error: `Header line ${i + 1} is not "Name: value".` };
    headers[name] = line.slice(colon + 1).trim();
  }
  return { headers };
}

type TestState =
  | { kind: "idle" }
  | { kind: "testing" }
  | { kind: "done"; result: ConnectionTestResult }
  | { kind: "error"; message: string };

export function ConnectDialog(props: ConnectDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const ids = useId();
  const offered = PROTOCOLS.filter((p) => props.sources.some((s) => s.kind === p.kind));
  const [protocol, setProtocol] = useState<string>("");
  const [url, setUrl] = useState("");
  const [headerText, setHeaderText] = useState("");
  const [test, setTest] = useState<TestState>({ kind: "idle" });
  const [connecting, setConnecting] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  const chosen = offered.find((p) => p.kind === protocol) ?? offered[0];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!props.open && element.open) {
      element.close();
    }
  }, [props.open]);

  // Whatever closes the dialog (Escape, Cancel, a connect), focus goes back where it came from.
  const onClosed = () => {
    opener.current?.focus();
    opener.current = null;
    props.onClose();
  };

  const config = (): Record<string, unknown> | string => {
    const parsed = parseHeaderLines(headerText);
    if ("error" in parsed) return parsed.error;
    const trimmed = url.trim();
    if (trimmed === "") return "Give the agent's URL.";
    return Object.keys(parsed.headers).length > 0
      ? { url: trimmed, headers: parsed.headers }
      : { url: trimmed };
  };

  const runTest = async () => {
    const built = config();
    if (typeof built === "string") return setTest({ kind: "error", message: built });
    setTest({ kind: "testing" });
    try {
      setTest({
        kind: "done",
        result: await props.http.testConnection({ source: chosen.kind, config: built }),
      });
    } catch (error) {
      const untestable = (error as { code?: string }).code === "unknown_source";
      setTest({
        kind: "error",
        message: untestable
          ? `This gateway cannot test ${chosen.label} connections; Connect creates the session, which says what failed if it cannot reach the agent.`
          : error instanceof Error
            ? error.message
            : String(error),
      });
    }
  };

  const connect = async () => {
    const built = config();
    if (typeof built === "string") return setConnectError(built);
    setConnecting(true);
    setConnectError(null);
    try {
      await props.onConnect({
        source: chosen.kind,
        config: built,
        title: `${chosen.label} · ${hostOf(built.url as string)}`,
      });
      dialog.current?.close();
    } catch (error) {
      setConnectError(
        `Could not create the session: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setConnecting(false);
    }
  };

  const changed = () => {
    setTest({ kind: "idle" });
    setConnectError(null);
  };

  return (
    <dialog ref={dialog} className="wb-connect" aria-labelledby={`${ids}-title`} onClose={onClosed}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void connect();
        }}
      >
        <h2 id={`${ids}-title`}>Connect an agent</h2>
        {offered.length === 0 || chosen === undefined ? (
          <p className="aui-hint">This gateway offers no live connectors.</p>
        ) : (
          <>
            <label className="wb-field">
              Protocol
              <select
                value={chosen.kind}
                onChange={(event) => {
                  setProtocol(event.target.value);
                  changed();
                }}
              >
                {offered.map((p) => (
                  <option key={p.kind} value={p.kind}>
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="wb-field">
              {chosen.kind === "a2a" ? "Agent URL or agent card URL" : "Agent URL"}
              <input
                type="url"
                required
                autoComplete="off"
                spellCheck={false}
                value={url}
                aria-describedby={`${ids}-url-hint`}
                onChange={(event) => {
                  setUrl(event.target.value);
                  changed();
                }}
              />
            </label>
            <p className="aui-hint" id={`${ids}-url-hint`}>
              {chosen.urlHint}
            </p>
            <label className="wb-field">
              Headers (optional)
              <textarea
                rows={2}
                spellCheck={false}
                autoComplete="off"
                placeholder="Authorization: Bearer …"
                value={headerText}
                aria-describedby={`${ids}-headers-hint`}
                onChange={(event) => {
                  setHeaderText(event.target.value);
                  changed();
                }}
              />
            </label>
            <p className="aui-hint" id={`${ids}-headers-hint`}>
              One “Name: value” per line. Sent to the agent; the session stores only their names.
            </p>
            <TestOutcome state={test} />
            {connectError ? (
              <p className="aui-tool-error" role="alert">
                {connectError}
              </p>
            ) : null}
          </>
        )}
        <div className="wb-connect-buttons">
          <button
            type="button"
            className="aui-button"
            disabled={chosen === undefined || test.kind === "testing"}
            onClick={() => void runTest()}
          >
            {test.kind === "testing" ? "Testing…" : "Test connection"}
          </button>
          <button
            type="submit"
            className="aui-button aui-button-primary"
            disabled={chosen === undefined || connecting}
          >
            {connecting ? "Connecting…" : "Connect"}
          </button>
          <button
            type="button"
            className="aui-button aui-button-quiet"
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

function TestOutcome({ state }: { state: TestState }) {
  if (state.kind === "idle") return <div role="status" className="wb-connect-outcome" />;
  if (state.kind === "testing")
    return (
      <div role="status" className="wb-connect-outcome">
        Testing the connection…
      </div>
    );
  if (state.kind === "error")
    return (
      <div role="alert" className="wb-connect-outcome aui-tool-error">
        {state.message}
      </div>
    );
  const { result } = state;
  if (!result.ok)
    return (
      <div role="alert" className="wb-connect-outcome aui-tool-error" data-code={result.code}>
        <strong>Connection failed ({result.code.replace(/_/g, " ")}):</strong> {result.message}
      </div>
    );
  const skills = result.found?.skills ?? [];
  return (
    <div role="status" className="wb-connect-outcome wb-connect-ok" data-code="ok">
      <strong>Connection works:</strong> {result.message}
      {result.found?.description ? <p>{result.found.description}</p> : null}
      {skills.length > 0 ? (
        <ul aria-label="Agent skills">
          {skills.map((skill) => (
            <li key={skill.id ?? skill.name}>{skill.name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
