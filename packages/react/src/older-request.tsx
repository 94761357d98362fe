// The "ask for older rows" side shared by the windowed lists: one request per list length (a scroll near
// the start or the "Load older" button), and a failed request said plainly with a Retry control — never a
// list that silently stops paging. A retry (the button or the next scroll near the start) asks again at
// the same length.
import { type ReactNode, useRef, useState } from "react";

/** A page request: a promise that rejects says the page failed (the list shows why and offers Retry). */
export type LoadOlder = () => unknown;

export function useOlderRequest(
  hasOlder: boolean | undefined,
  onLoadOlder: LoadOlder | undefined,
  length: number,
): { request: () => void; status: ReactNode } {
  const requestedAt = useRef(-1);
  const [failed, setFailed] = useState<{ length: number; reason: string } | undefined>();
  const request = () => {
    if (!hasOlder || onLoadOlder === undefined || requestedAt.current === length) return;
    requestedAt.current = length;
    setFailed(undefined);
    const loading = onLoadOlder();
    if (!(loading instanceof Promise)) return;
    loading.then(
      () => undefined,
      (error: unknown) => {
        // The next scroll near the start or the Retry button asks again.
        if (requestedAt.current === length) requestedAt.current = -1;
        setFailed({ length, reason: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  const status =
    failed !== undefined && hasOlder ? (
      <p className="aui-tool-error aui-load-older-error" role="alert">
        Could not load older rows: {failed.reason}{" "}
        <button type="button" className="aui-button aui-button-quiet" onClick={request}>
          Retry
        </button>
      </p>
    ) : null;
  return { request, status };
}
