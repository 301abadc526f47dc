/**
 * Application-password users of the CMS fake. As on WordPress, a wrong password does not fail
 * by itself: the request runs as anonymous, and routes that need a user answer 401.
 */

/** WordPress roles the fake distinguishes. */
export type CmsRole = 'administrator' | 'editor' | 'author' | 'subscriber';

/** A user with an application password. */
export interface CmsFakeUser {
  /** WordPress user id; records and media the user creates get it as their `author`. */
  readonly id: number;
  /** Login name, the user part of the HTTP Basic credentials. */
  readonly username: string;
  /** Application password; spaces are ignored as WordPress ignores them. */
  readonly applicationPassword: string;
  /**
   * What the user may do: every role but `subscriber` may write and read `context=edit`; a subscriber
   * gets 403. Templates are for administrators only, as on WordPress (`edit_theme_options`).
   */
  readonly role: CmsRole;
}

/**
 * The CMS fake's users when its `users` option is not given: `admin` (administrator, application
 * password `fake admin appl pass word xxxx`) and `subscriber` (`fake subs appl pass word xxxx`, for
 * 403 scenarios). A `users` option replaces them; keep them with `users: [...DEFAULT_CMS_USERS, editor]`.
 */
export const DEFAULT_CMS_USERS: readonly CmsFakeUser[] = [
  { id: 1, username: 'admin', applicationPassword: 'fake admin appl pass word xxxx', role: 'administrator' },
  { id: 2, username: 'subscriber', applicationPassword: 'fake subs appl pass word xxxx', role: 'subscriber' },
];

const squash = (password: string) => password.replace(/\s+/g, '');

/** The user a request authenticates as, or undefined (anonymous, or a wrong password). */
export function userOf(request: Request, users: readonly CmsFakeUser[]): CmsFakeUser | undefined {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  const name = decoded.slice(0, colon);
  const password = squash(decoded.slice(colon + 1));
  return users.find((u) => u.username === name && squash(u.applicationPassword) === password);
}

/** True when the user may read and write templates (WordPress: `edit_theme_options`, administrators only). */
export function canManageTemplates(user: CmsFakeUser | undefined): user is CmsFakeUser {
  return user?.role === 'administrator';
}

/** True when the user may write content (WordPress: `edit_posts`). */
export function canEdit(user: CmsFakeUser | undefined): user is CmsFakeUser {
  return user !== undefined && user.role !== 'subscriber';
}
