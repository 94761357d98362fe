// `npm run dev` proxies /api to a gateway (`npx agent-ui serve`, default http://127.0.0.1:4318), so a live
// session connects same-origin: open http://localhost:5173/?session=<id>&token=<token>.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { "/api": { target: process.env.AGENT_UI_GATEWAY ?? "http://127.0.0.1:4318", ws: true } },
  },
});
