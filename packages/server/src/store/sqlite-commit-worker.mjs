// Entry point of the SQLite commit worker thread. Worker threads do not inherit the tsx loader the gateway
// runs under, so it registers it here and loads the typed worker module.
import { register } from "tsx/esm/api";

register();
await import("./sqlite-commit-thread.ts");
