/** Collection pages with WordPress's `X-WP-Total`, `X-WP-TotalPages` and `Link` headers. */
import { json } from '../../../core/router.js';
import { cmsError, WP_HEADERS } from '../wp-errors.js';

/** Slices `items` to one page and answers it, or the 400 WordPress gives past the last page. */
export function pageOf(items: readonly unknown[], page: number, perPage: number, url: URL, root: string): Response {
  const total = items.length;
  const totalPages = Math.ceil(total / perPage);
  if (page > 1 && page > totalPages)
    return cmsError(
      400,
      'rest_post_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
    );
  const link = (to: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(to));
    return `<${root}${next.pathname}${next.search}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${link(page - 1)}; rel="prev"`);
  if (page < totalPages) links.push(`${link(page + 1)}; rel="next"`);
  return json(items.slice((page - 1) * perPage, page * perPage), 200, {
    ...WP_HEADERS,
    'x-wp-total': String(total),
    'x-wp-totalpages': String(totalPages),
    ...(links.length > 0 ? { link: links.join(', ') } : {}),
  });
}
