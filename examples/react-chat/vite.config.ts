// `npm run dev` proxies /api to a gateway (`npx agent-ui serve`, default http://127.0.0.1:4318).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/api": process.env.AGENT_UI_GATEWAY ?? "http://127.0.0.1:4318" } },
});
