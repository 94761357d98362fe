import "@agent-ui/react/styles.css";
import "./workbench.css";
import { adoptAccessToken } from "@agent-ui/client";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

// The token the gateway printed in the URL fragment (`#token=…`): kept for this tab, gone from the
// address bar. Without one, a gateway that requires it shows the unauthorized page, which asks for it.
const token = adoptAccessToken(window);

const root = document.getElementById("root");
if (root) {
  const app = createRoot(root);
  if (window.location.hash.startsWith("#/bench")) {
    // The UI benchmark page is a separate chunk, loaded only by `npm run bench:ui`.
    void import("./bench/ui-bench-page").then(({ UiBenchPage }) => app.render(<UiBenchPage />));
  } else {
    app.render(
      <StrictMode>
        <App token={token} />
      </StrictMode>,
    );
  }
}
