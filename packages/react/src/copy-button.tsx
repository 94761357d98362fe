// One copy control for code blocks and whole messages: writes plain text to the clipboard and says what
// happened ("Copied" / "Copy failed") in a polite status next to it.
import { useEffect, useRef, useState } from "react";

export function CopyButton({
  text,
  label = "Copy",
  describedAs,
}: {
  text: string | (() => string);
  label?: string;
  /** What is copied, for the accessible name: "Copy code", "Copy message". */
  describedAs?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(typeof text === "function" ? text() : text);
      setState("copied");
    } catch {
      setState("failed");
    }
    timer.current = setTimeout(() => setState("idle"), 2000);
  };
  return (
    <span className="aui-copy">
      <button
        type="button"
        className="aui-copy-button"
        onClick={copy}
        aria-label={describedAs ? `${label} ${describedAs}` : label}
      >
        {label}
      </button>
      <span role="status" className="aui-copy-status">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : ""}
      </span>
    </span>
  );
}
