// What a first visit downloads before the workbench can run: the entry script and the chunks the page
// preloads, gzip-compressed as the gateway serves them. Lazy chunks (inspector, bench page) are excluded.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Target: the initial JS a first visit downloads, gzip, in KB of 1,024 bytes (PERF-05). */
export const INITIAL_JS_TARGET_KB = 150;

export interface InitialJs {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

export function initialJs(dir: string): InitialJs {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1].replace(/^\.?\//, ""));
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of new Set(files)) {
    const data = readFileSync(join(dir, file));
    bytes += data.length;
    gzipBytes += gzipSync(data, { level: 9 }).length;
  }
  return { files: [...new Set(files)], bytes, gzipBytes };
}
