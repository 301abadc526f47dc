/** The opaque cursor of GET /v1/user/history pages: the index of the next entry, base64-encoded. */

/** Encodes a position as an opaque cursor. */
export function encodeCursor(index: number): string {
  return btoa(`h:${index}`).replace(/=+$/, '');
}

/** Decodes a cursor; undefined when it is not one of ours. */
export function decodeCursor(cursor: string): number | undefined {
  try {
    const match = /^h:(\d{1,9})$/.exec(atob(cursor));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
