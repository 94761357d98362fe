import type { ProjectionState } from "@agent-ui/contracts";
import { Conversation, type Dispatch, RuntimeStatus } from "@agent-ui/react";
import "@agent-ui/react/styles.css";
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { liveSession } from "./live";
import { recordedState } from "./recorded";

const session = liveSession(new URLSearchParams(window.location.search));
const offline: Dispatch = () => ({ status: "unavailable", idempotencyKey: "", reason: "recorded stream" });
const dispatch: Dispatch = session
  ? (intent) => session.runtime.write(intent.kind, intent as never)
  : offline;

function App() {
  const [state, setState] = useState<ProjectionState>(() => session?.state ?? recordedState());
  useEffect(() => {
    if (!session) return;
    const stop = session.subscribe(setState);
    void session.open();
    return stop;
  }, []);
  return (
    <main>
      <RuntimeStatus runtime={state.runtime} />
      <Conversation
        messages={state.messages}
        tools={state.tools}
        actions={state.actions}
        agents={state.agents}
        artifacts={state.artifacts}
        dispatch={dispatch}
      />
    </main>
  );
}

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
