// A fenced code block: its language, a copy button, and syntax highlighting from the lazily loaded
// highlighter once the block is settled (a block still streaming stays plain so it is not re-highlighted
// on every token). Until the highlighter arrives, and for languages it does not know, the code is plain text.
import { type ReactNode, useEffect, useState } from "react";
import { CopyButton } from "../copy-button";

type Highlighter = typeof import("./highlight");
let loaded: Highlighter | undefined;
let loading: Promise<Highlighter> | undefined;

/** Loads the highlighter chunk once. */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= import("./highlight").then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

export function CodeBlock({ code, language, live }: { code: string; language?: string; live: boolean }) {
  const [highlighted, setHighlighted] = useState<{ code: string; nodes: ReactNode } | null>(() =>
    !live && language && loaded ? { code, nodes: loaded.highlight(code, language) } : null,
  );
  useEffect(() => {
    if (live || !language || highlighted?.code === code) return;
    let current = true;
    loadHighlighter().then(
      (h) => current && setHighlighted({ code, nodes: h.highlight(code, language) }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [code, language, live, highlighted]);
  const nodes = highlighted?.code === code ? highlighted.nodes : null;
  return (
    <div className="aui-code" data-language={language ?? ""}>
      <div className="aui-code-head">
        <span className="aui-code-lang">{language ?? "text"}</span>
        <CopyButton text={code} describedAs="code" />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0}>
        <code
          className={language ? `language-${language} hljs` : undefined}
          data-highlighted={nodes ? "" : undefined}
        >
          {nodes ?? code}
        </code>
      </pre>
    </div>
  );
}
