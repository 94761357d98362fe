// The workbench bundles the workspace packages from their TypeScript sources; `/api` is proxied to a local
// gateway (`agent-ui serve` / `agent-ui start`) during `vite dev`.
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

const gateway = process.env.AGENT_UI_GATEWAY ?? "http://127.0.0.1:4318";

export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  plugins: [react()],
  // `@agent-ui/source`: the workspace packages' TypeScript sources, so the workbench needs no package build first.
  resolve: { conditions: ["@agent-ui/source", ...defaultClientConditions] },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { "/api": { target: gateway, ws: true } } },
});
