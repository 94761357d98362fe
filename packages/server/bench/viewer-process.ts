// Child-process side of `viewerGroup("child-process", …)`: runs the viewers and answers the parent over IPC.
import { localGroup, type ViewerDecode, type ViewerGroup } from "./viewer-group";

let group: ViewerGroup | undefined;
/** The viewers' own CPU time is reported, so a round shows whether the viewers or the gateway were short. */
let cpuAtConnect: NodeJS.CpuUsage | undefined;

process.on(
  "message",
  (message: {
    type: string;
    url: string;
    count: number;
    capacity: number;
    decode: ViewerDecode;
    sent: number;
    timeoutMs: number;
  }) => {
    const reply = (value: unknown) => process.send?.(value);
    const fail = (error: unknown) =>
      reply({ type: "error", message: error instanceof Error ? error.message : String(error) });
    if (message.type === "connect") {
      cpuAtConnect = process.cpuUsage();
      group = localGroup(message.url, message.count, message.capacity, message.decode);
      group.connect().then(() => reply({ type: "ready" }), fail);
    } else if (message.type === "drain" && group) {
      group.drain(message.sent, message.timeoutMs).then((totals) => {
        const cpu = process.cpuUsage(cpuAtConnect);
        reply({ type: "totals", ...totals, cpuMs: (cpu.user + cpu.system) / 1000 });
      }, fail);
    }
  },
);

// The parent went away (finished or crashed): never outlive it.
process.on("disconnect", () => process.exit(0));
