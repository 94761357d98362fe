// One card-like button for lists of things the user opens (artifacts, sessions, artifact links in the
// conversation): a title, then status badges. `selected` is announced as pressed (a toggle in a list) or
// as the current page (navigation), so one component serves both without guessing.
import type { ReactNode } from "react";

export function CardButton({
  title,
  children,
  selected,
  selection = "pressed",
  onClick,
}: {
  title: ReactNode;
  /** Badges after the title. */
  children?: ReactNode;
  /** Omitted: the card is not part of a selection. */
  selected?: boolean;
  selection?: "pressed" | "page";
  onClick: () => void;
}) {
  const state =
    selected === undefined
      ? {}
      : selection === "page"
        ? { "aria-current": selected ? ("page" as const) : undefined }
        : { "aria-pressed": selected };
  return (
    <button type="button" className="aui-artifact-card" {...state} onClick={onClick}>
      <span>{title}</span>
      {children}
    </button>
  );
}
