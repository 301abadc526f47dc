/** Parses RFC 8288 `Link` headers such as WordPress sends for pagination and REST-root discovery. */

/** One link of a `Link` header. */
interface LinkValue {
  /** Target URL as written. */
  readonly href: string;
  /** One relation type. */
  readonly rel: string;
}

/**
 * Splits a `Link` header into its links. Tolerates commas inside `<...>` (WordPress URLs
 * carry encoded `%2C`, but other servers may not) and quoted or bare `rel` values; a link
 * with several space-separated relations yields one entry per relation.
 */
function parseLinkHeader(header: string | null | undefined): LinkValue[] {
  if (!header) return [];
  const out: LinkValue[] = [];
  const pattern = /<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g;
  for (const match of header.matchAll(pattern)) {
    const href = match[1] ?? '';
    const attrs = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(attrs);
    const value = rel?.[1] ?? rel?.[2];
    if (value === undefined) continue;
    for (const one of value.trim().split(/\s+/)) out.push({ href, rel: one });
  }
  return out;
}

/** The href of the first link with relation `rel` (case-insensitive), if any. */
export function findLink(header: string | null | undefined, rel: string): string | undefined {
  const wanted = rel.toLowerCase();
  return parseLinkHeader(header).find((link) => link.rel.toLowerCase() === wanted)?.href;
}
