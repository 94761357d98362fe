// What `validate` and `project` say when `--from auto` cannot tell the format: they stop (exit 2) and
// list the candidates detection scored, never read the input with a guess (which maps nothing and shows
// an empty projection as if the run were idle).
import { ADAPTERS, type DetectedFormat } from "@agent-ui/adapters";

/** The message for an undetected input, naming the file, the candidates and their scores. */
export function undetectedMessage(command: string, file: string, detected: DetectedFormat): string {
  const candidates =
    detected.candidates.length > 0
      ? `; candidates: ${detected.candidates.map((c) => `${c.format} (${c.score.toFixed(2)})`).join(", ")}`
      : "";
  const formats = ["auto", ...ADAPTERS.map((a) => a.format)].join(", ");
  return (
    `agent-ui ${command}: could not detect the input format of ${file} (${detected.reason})${candidates}; ` +
    `pass --from with one of: ${formats}`
  );
}
