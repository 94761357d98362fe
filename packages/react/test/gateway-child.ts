// Starts the fixture gateway in its own Node process for a happy-dom test file; closed after the file.
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";

export function childGateway(origin: string): () => string {
  let child: ChildProcess | undefined;
  let url = "";
  beforeAll(async () => {
    const script = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "gateway-process.ts");
    const proc = spawn(process.execPath, ["--import", "tsx", script, origin], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child = proc;
    url = await new Promise<string>((resolve, reject) => {
      let out = "";
      proc.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /^url (\S+)$/m.exec(out);
        if (match) resolve(match[1]);
      });
      proc.once("exit", (code) => reject(new Error(`gateway process exited (${code})`)));
    });
  }, 60_000);
  afterAll(() => {
    child?.removeAllListeners("exit");
    child?.kill();
  });
  return () => url;
}
