// CitationList: the sources a message part, an evidence record or an artifact cites (EVID-01, EVID-08).
// The title is the link text with the host beside it; only http(s) urls are links (a `javascript:` or
// `data:` url is shown as text, never followed) and links open without handing the page a reference to
// this one (rel="noopener noreferrer"). No sources, no list: a citation is never invented.
import { type SourceRef, linkableSourceUrl, sourceHost } from "@agent-ui/contracts";

export interface CitationListProps {
  citations: readonly SourceRef[] | undefined;
  /** Accessible name of the list. */
  label?: string;
}

export function CitationList({ citations, label = "Sources" }: CitationListProps) {
  if (citations === undefined || citations.length === 0) return null;
  return (
    <ol className="aui-citations" aria-label={label}>
      {citations.map((ref) => {
        const href = linkableSourceUrl(ref.url);
        const host = sourceHost(href);
        const text = ref.title ?? ref.filename ?? ref.url ?? ref.id;
        return (
          <li key={ref.id} className="aui-citation" data-source-type={ref.sourceType}>
            {href !== undefined ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {text}
              </a>
            ) : (
              <span>{text}</span>
            )}
            {host !== undefined ? <span className="aui-hint"> {host}</span> : null}
            {ref.mediaType !== undefined && ref.sourceType === "document" ? (
              <span className="aui-hint"> {ref.mediaType}</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
