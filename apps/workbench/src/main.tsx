// Evaluated first: the token is adopted and the route's hydration window asked for before React loads.
import { earlyWindow, token } from "./boot";
import "@agent-ui/react/styles.css";
import "./workbench.css";
import { preloadMarkdown } from "@agent-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { windowFetch } from "./early-window";

const root = document.getElementById("root");
if (root) {
  const app = createRoot(root);
  if (window.location.hash.startsWith("#/bench")) {
    // The UI benchmark page is a separate chunk, loaded only by `npm run bench:ui`.
    void import("./bench/ui-bench-page").then(({ UiBenchPage }) => app.render(<UiBenchPage />));
  } else {
    // A session in the route renders its answers as markdown: the renderer loads beside its window.
    if (earlyWindow) void preloadMarkdown();
    app.render(
      <StrictMode>
        <App token={token} fetch={windowFetch(earlyWindow)} />
      </StrictMode>,
    );
  }
}
