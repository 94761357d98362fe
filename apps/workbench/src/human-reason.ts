// Transport messages (a fetch error, a closed feed) in the words the shell shows a person.

/** A transport message in words a person reads. */
export function humanReason(reason: string): string {
  if (/failed to fetch|fetch failed|ECONNREFUSED|NetworkError/i.test(reason))
    return "no answer from the gateway";
  if (/closed the session feed|server closed/i.test(reason)) return "the gateway closed the connection";
  return reason;
}
