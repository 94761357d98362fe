// The workbench itself, loaded by the page's entry (`main.tsx`) once that entry has asked for the route's
// hydration window: the window is in flight while this chunk — React, the workbench and its surfaces —
// is fetched and evaluated. The page preloads this chunk beside the entry (vite.config.ts).
import { preloadMarkdown } from "@agent-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { arrivedWindow, type EarlyWindow, windowFetch } from "./early-window";

/** Renders the workbench (or, on `#/bench`, the UI benchmark page) into `root`. */
export async function startApp(
  root: HTMLElement,
  token: string | undefined,
  early: EarlyWindow | undefined,
): Promise<void> {
  const app = createRoot(root);
  if (window.location.hash.startsWith("#/bench")) {
    // The UI benchmark page is a separate chunk, loaded only by `npm run bench:ui`.
    void import("./bench/ui-bench-page").then(({ UiBenchPage }) => app.render(<UiBenchPage />));
    return;
  }
  // A session in the route renders its answers as markdown: the renderer loads beside its window.
  if (early) void preloadMarkdown();
  // Its window already in: the first frame shows the session, not an empty shell waiting for it.
  const arrived = early && (await arrivedWindow(early));
  const held = early && arrived ? { sessionId: early.sessionId, window: arrived } : undefined;
  app.render(
    <StrictMode>
      <App token={token} fetch={windowFetch(held ? undefined : early)} initialWindow={held} />
    </StrictMode>,
  );
}
