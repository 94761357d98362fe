// The first module the page evaluates (the entry, `main.tsx`, imports it before anything else): it adopts the tab's
// access token and asks for the route's hydration window while the rest of the workbench is still being
// evaluated (`early-window.ts`).
import { adoptAccessToken } from "@agent-ui/client";
import { requestEarlyWindow } from "./early-window";

// The token the gateway printed in the URL fragment (`#token=…`): kept for this tab, gone from the
// address bar. Without one, a gateway that requires it shows the unauthorized page, which asks for it.
export const token = adoptAccessToken(window);

export const earlyWindow = requestEarlyWindow({
  origin: window.location.origin,
  hash: window.location.hash,
  token,
});
