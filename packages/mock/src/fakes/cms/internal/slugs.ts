/**
 * Slugs as WordPress 6.5.5 makes and matches them (sanitize_title_with_dashes): a saved slug loses
 * its accents ("Café" → "cafe"), other non-ASCII letters are kept as lowercase percent-encoded
 * UTF-8 ("日本" → "%e6%97%a5%e6%9c%ac"); a `slug` list query is sanitized the same way but keeps
 * accents, so "café" finds nothing while "CAFE" and "日本" find their posts.
 */

/** A slug of `text` as WordPress stores it (`save`) or reads it from a `slug` query (`query`). */
export function sanitizeSlug(text: string, context: 'save' | 'query'): string {
  let slug = text.replace(/<[^>]*>/g, '');
  // remove_accents() runs on save only: letters with combining marks lose them, ß becomes ss.
  if (context === 'save') slug = slug.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
  // Every non-ASCII character is percent-encoded (escaped octets already are), then lowercased.
  slug = slug.replace(/[\u0080-\u{10ffff}]/gu, (c) => encodeURIComponent(c)).toLowerCase();
  return slug
    .replace(/&.+?;/g, '')
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Whether a record answers a `slug` list query (one slug, a list, or a comma-separated list). */
export function matchesSlugQuery(slug: unknown, query: unknown): boolean {
  if (query === undefined || query === null) return true;
  const wanted = (Array.isArray(query) ? query : [query])
    .flatMap((value) => String(value).split(','))
    .map((value) => sanitizeSlug(value.trim(), 'query'))
    .filter((value) => value !== '');
  return wanted.length === 0 || wanted.includes(String(slug ?? ''));
}
