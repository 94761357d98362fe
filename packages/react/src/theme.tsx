// Light and dark themes through CSS variables. The default follows `prefers-color-scheme`; the toggle's
// choice is UI-only state kept in localStorage, never sent to the runtime.
import { useEffect, useState } from "react";

export type ThemeChoice = "system" | "light" | "dark";
const KEY = "agent-ui-theme";

function readChoice(): ThemeChoice {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    return "system";
  }
}

export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(readChoice);
  useEffect(() => {
    const root = document.documentElement;
    if (choice === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", choice);
    try {
      globalThis.localStorage?.setItem(KEY, choice);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, [choice]);
  const next: ThemeChoice = choice === "system" ? "dark" : choice === "dark" ? "light" : "system";
  return (
    <button
      type="button"
      className="aui-button aui-button-quiet"
      aria-label={`Theme: ${choice}. Switch to ${next}`}
      onClick={() => setChoice(next)}
    >
      Theme: {choice}
    </button>
  );
}
