// A whole chat over one gateway session: the session id and token come from the page's URL
// (`?session=…&token=…`). `<AgentChat>` fills the box it is given.
import { AgentChat } from "@agent-ui/react";
import "@agent-ui/react/styles.css";
import { createRoot } from "react-dom/client";

const params = new URLSearchParams(window.location.search);
const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <div style={{ height: "100dvh", maxWidth: 860, margin: "0 auto", padding: 8, boxSizing: "border-box" }}>
      <AgentChat sessionId={params.get("session") ?? ""} token={params.get("token") ?? undefined} />
    </div>,
  );
