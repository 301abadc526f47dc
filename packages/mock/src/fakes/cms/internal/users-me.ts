/**
 * `GET /cms/v2/users/me`, the one users route the fake serves (users are otherwise not modelled):
 * the signed-in user, as WordPress 6.5.5 answers `/wp/v2/users/me`, so that a client can learn
 * whose application password it holds (the draft-preview reader's `autosaveAuthor: 'me'`).
 * Anonymous: 401 `rest_not_logged_in`. Outside the route table: the site index does not list it.
 */
import { type Handle, json } from '../../../core/router.js';
import type { CmsFakeUser } from '../auth.js';
import { cmsError, WP_HEADERS } from '../wp-errors.js';

/** `handle`, with `GET /cms/v2/users/me` answered in front of it. */
export function withUsersMe(
  handle: Handle,
  userOf: (request: Request) => CmsFakeUser | undefined,
  rootFor: (request: Request) => string,
): Handle {
  return (request) => {
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.pathname.replace(/\/$/, '') !== '/cms/v2/users/me') return handle(request);
    const user = userOf(request);
    if (!user) return Promise.resolve(cmsError(401, 'rest_not_logged_in', 'You are not currently logged in.'));
    const site = rootFor(request).replace(/\/wp-json$/, '');
    const view = {
      id: user.id,
      name: user.username,
      url: '',
      description: '',
      link: `${site}/author/${user.username}/`,
      slug: user.username,
      avatar_urls: {},
      meta: [],
    };
    const body =
      url.searchParams.get('context') === 'edit' ? { ...view, username: user.username, roles: [user.role] } : view;
    return Promise.resolve(json(body, 200, WP_HEADERS));
  };
}
