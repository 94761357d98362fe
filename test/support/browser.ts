// Whether the browser checks run here: without Chromium (/usr/bin/chromium or AGENT_UI_CHROMIUM) they
// skip with a reason, unless AGENT_UI_REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
import { existsSync } from "node:fs";
import { CHROMIUM } from "../../apps/workbench/src/node/chromium";

export const browserRequired = process.env.AGENT_UI_REQUIRE_BROWSER === "1";
export const browserAvailable = existsSync(CHROMIUM);
