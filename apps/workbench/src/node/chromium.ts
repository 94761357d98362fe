// Debian's Chromium driven by playwright-core, with the flags this workplace needs (no sandbox as root, no
// background networking on a closed network). One launcher for the e2e tests and the UI benchmark.
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, or the executable `AGENT_UI_CHROMIUM` names. */
export const CHROMIUM = process.env.AGENT_UI_CHROMIUM || "/usr/bin/chromium";

/** `extraArgs`: more Chromium flags, e.g. `--host-resolver-rules=…` for a test that needs a host name. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}
