import "@agent-ui/react/styles.css";
import "./workbench.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

const root = document.getElementById("root");
if (root) {
  const app = createRoot(root);
  if (window.location.hash.startsWith("#/bench")) {
    // The UI benchmark page is a separate chunk, loaded only by `npm run bench:ui`.
    void import("./bench/ui-bench-page").then(({ UiBenchPage }) => app.render(<UiBenchPage />));
  } else {
    // A gateway that requires a token is opened with `?token=…` (what `agent-ui serve` prints); the
    // unauthorized page asks for it otherwise.
    const token = new URLSearchParams(window.location.search).get("token") ?? undefined;
    app.render(
      <StrictMode>
        <App token={token} />
      </StrictMode>,
    );
  }
}
