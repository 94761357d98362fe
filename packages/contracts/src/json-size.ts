// Byte sizes of JSON values without serializing them: linear, allocation-free, safe on any input.

/** UTF-8 byte length of a string (surrogate pairs count 4, lone surrogates 3, like TextEncoder). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Approximate serialized size of a JSON value in bytes (quotes, commas and keys included; escapes are
 * not expanded). Iterative so deeply nested input cannot overflow the stack. */
export function approxJsonBytes(value: unknown): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    bytes += scalarOrContainerBytes(item, stack);
  }
  return bytes;
}

/** Size of a scalar, or of a container's punctuation and keys (pushing its children to `stack`). */
export function scalarOrContainerBytes(item: unknown, stack: unknown[] | null): number {
  if (typeof item === "string") return utf8Length(item) + 2;
  if (typeof item === "number") return String(item).length;
  if (typeof item === "boolean") return item ? 4 : 5;
  if (item === null || item === undefined) return 4;
  if (Array.isArray(item)) {
    if (stack) for (const child of item) stack.push(child);
    return 2 + Math.max(0, item.length - 1);
  }
  if (typeof item === "object") {
    let bytes = 2;
    let count = 0;
    for (const key of Object.keys(item)) {
      bytes += utf8Length(key) + 3;
      count++;
      if (stack) stack.push((item as Record<string, unknown>)[key]);
    }
    return bytes + Math.max(0, count - 1);
  }
  return 0;
}
