// The composer's Attach control (COMP-01): a menu button that attaches things the runtime already knows
// (teammates, context, artifacts, files, evidence) as removable chips whose ids go into `contextRefs`.
// Local files need an upload write, which our control contract does not have: the entry is shown disabled
// with that reason, and a file dropped or pasted onto the composer is named in a notice — never dropped
// silently (COMP-03, FALL-06).
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type MentionTarget, targetLabel } from "./mention-targets";

export const UPLOADS_UNAVAILABLE = "this runtime does not accept uploads";

export interface AttachMenuProps {
  targets: readonly MentionTarget[];
  /** Ids already attached or mentioned: not offered twice. */
  attachedIds: ReadonlySet<string>;
  onAttach: (target: MentionTarget) => void;
  /** Why local files cannot be attached. */
  uploadReason?: string;
  disabled?: boolean;
}

export function AttachMenu({
  targets,
  attachedIds,
  onAttach,
  uploadReason = UPLOADS_UNAVAILABLE,
  disabled,
}: AttachMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const offered = targets.filter((t) => !attachedIds.has(t.id));

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moves) focusItem(moves[event.key]);
    else if (event.key === "Escape" || event.key === "Tab") close();
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  // A click elsewhere closes the menu (listening only while it is open).
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <span className="aui-attach" ref={root}>
      <button
        ref={button}
        type="button"
        className="aui-button aui-button-quiet"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => {
          setOpen(!open);
          // Opened from the keyboard or mouse, focus moves to the first item (menu button pattern).
          if (!open) requestAnimationFrame(() => focusItem(0));
        }}
      >
        Attach
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Attach context"
          className="aui-attach-menu"
          onKeyDown={onMenuKey}
        >
          {offered.map((target) => (
            <button
              key={target.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="aui-mention-option"
              onClick={() => {
                onAttach(target);
                close();
              }}
            >
              <span className="aui-mention-label">{targetLabel(target)}</span>
              <span className="aui-mention-kind">{target.kind ?? "context"}</span>
            </button>
          ))}
          {offered.length === 0 ? (
            <span role="none" className="aui-hint">
              {targets.length === 0
                ? "Nothing the runtime reported can be attached yet."
                : "Everything known is already attached."}
            </span>
          ) : null}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled="true"
            className="aui-mention-option aui-disabled"
            title={uploadReason}
          >
            <span className="aui-mention-label">Local file…</span>
            <span className="aui-hint">unavailable: {uploadReason}</span>
          </button>
        </div>
      ) : null}
    </span>
  );
}

/** Names of files in a drop or paste, so the composer can say they were not attached. */
export function filesIn(data: DataTransfer | null): string[] {
  if (!data) return [];
  return [...data.files].map((f) => f.name || "file");
}
