// The page's entry, kept small so it runs as soon as it arrives: it adopts the tab's access token and asks
// for the route's hydration window (`boot.ts`), then loads the workbench (`start-app.tsx`, preloaded by
// the page beside this entry), which takes that answer instead of asking again.
import { earlyWindow, token } from "./boot";
// Linked by the page itself (render-blocking, fetched beside the scripts).
import "@agent-ui/react/styles.css";
import "./workbench.css";

// The entry runs as soon as it arrives (`async`), possibly before the document is parsed.
const parsed =
  document.readyState === "loading"
    ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
    : undefined;
void Promise.all([import("./start-app"), parsed]).then(([{ startApp }]) => {
  const root = document.getElementById("root");
  if (root) return startApp(root, token, earlyWindow);
});
