// The workbench bundles the workspace packages from their TypeScript sources; `/api` is proxied to a local
// gateway (`agent-ui serve` / `agent-ui start`) during `vite dev`. The build writes a `.br` and `.gz` copy of
// every text asset beside it (the gateway serves them precompressed) and no source maps unless
// `AGENT_UI_SOURCEMAP=1` (then as hidden maps: written, not linked from the bundle).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";

const gateway = process.env.AGENT_UI_GATEWAY ?? "http://127.0.0.1:4318";
const sourcemaps = process.env.AGENT_UI_SOURCEMAP === "1";

/** Brotli and gzip copies of the emitted JS, CSS, HTML and SVG, at the highest levels (built once). */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "agent-ui-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(name)) continue;
        const file = join(outDir, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** Runs the page's small entry (`main.tsx`) as soon as it arrives — `async`: it neither waits for the
 * document's stylesheet nor for the end of parsing — so it asks for the hydration window first; and
 * preloads the workbench chunk it imports (`start-app.tsx`) with that chunk's own static imports, fetched
 * and compiled beside the entry and evaluated when the entry imports it. */
function preloadStartApp(): Plugin {
  return {
    name: "agent-ui-preload-start-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const start = chunks.find((c) => c.facadeModuleId?.endsWith("/src/start-app.tsx"));
        if (start === undefined) throw new Error("the workbench chunk (src/start-app.tsx) is missing");
        const files = new Set<string>();
        const visit = (file: string) => {
          // The entry is the page's own script tag.
          if (files.has(file) || byFile.get(file)?.isEntry) return;
          files.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!entry.test(html)) throw new Error("the page's entry script tag is missing");
        return {
          html: html.replace(entry, '<script type="module" async crossorigin src="$1"></script>'),
          tags: [...files].map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `./${file}` },
            injectTo: "head" as const,
          })),
        };
      },
    },
  };
}

/** The modules the workbench chunk shares with lazy chunks (see `build.rolldownOptions` below). */
const SHARED_MODULES =
  /node_modules\/react\/|packages\/react\/src\/honest\.|packages\/contracts\/src\/(taxonomy|envelope|json-pointer|json-size|secrets|tool-thresholds|redaction|diagnostics|lookup-table|statuses|schema-builders)\./;

export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  plugins: [react(), precompress(), preloadStartApp()],
  // `@agent-ui/source`: the workspace packages' TypeScript sources, so the workbench needs no package build first.
  resolve: { conditions: ["@agent-ui/source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: sourcemaps ? "hidden" : false,
    chunkSizeWarningLimit: 1500,
    // No `modulepreload` polyfill in the entry: a browser without it (Safari before 17) fetches the
    // workbench chunk when the entry imports it, not beside it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the contracts' core that the workbench chunk shares with its lazy chunks: one chunk,
          // not five small ones the first visit fetches and gzip compresses apart.
          groups: [{ name: "shared", test: SHARED_MODULES }],
        },
      },
    },
  },
  server: { proxy: { "/api": { target: gateway, ws: true } } },
});
