/**
 * The check of the CMS fake's `users` seed: each entry needs the fields a request and a record
 * read from it. Without an `id`, records the user created had no `author` and `/users/me` no id,
 * and the fake started all the same; now it refuses, naming the entry, before it starts.
 */
import { ConfigurationError } from '@viewlink/transport';
import type { CmsRole } from '../auth.js';

const ROLES: readonly CmsRole[] = ['administrator', 'editor', 'author', 'subscriber'];
const EXAMPLE = "{ id: 3, username: 'editor', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx', role: 'editor' }";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with one entry, as `[field, requirement]`, or undefined. */
function problemOf(user: unknown): [field: string, requirement: string] | undefined {
  if (!isRecord(user)) return ['', `must be a user object: ${EXAMPLE}`];
  if (!Number.isInteger(user.id) || (user.id as number) < 1)
    return ['.id', 'must be a positive integer (the WordPress user id, the `author` of what the user creates)'];
  if (typeof user.username !== 'string' || user.username === '')
    return ['.username', 'must be a non-empty string (the user part of the Basic credentials)'];
  if (typeof user.applicationPassword !== 'string' || user.applicationPassword.trim() === '')
    return ['.applicationPassword', 'must be a non-empty string'];
  if (!ROLES.includes(user.role as CmsRole)) return ['.role', `must be one of ${ROLES.join(', ')}`];
  return undefined;
}

/**
 * Refuses a `users` option (`undefined` reads as the default users) that is not an array of
 * complete users with distinct ids and usernames. Never names a password's value.
 * @param what - the call, as the caller wrote it (`createCmsFake()`).
 * @param at - the option as the caller wrote it (`users`, or `cms.users` in `createMockService()`).
 * @throws ConfigurationError naming the entry's path: `createCmsFake(): \`users[2].id\` must be a positive integer ...`.
 */
export function checkCmsUsers(users: unknown, what: string, at = 'users'): void {
  if (users === undefined) return;
  if (!Array.isArray(users)) throw new ConfigurationError(`${what}: \`${at}\` must be an array of users: [${EXAMPLE}]`);
  const ids = new Map<unknown, number>();
  const names = new Map<unknown, number>();
  users.forEach((user: unknown, index) => {
    const problem = problemOf(user);
    if (problem) throw new ConfigurationError(`${what}: \`${at}[${index}]${problem[0]}\` ${problem[1]}`);
    const { id, username } = user as { id: number; username: string };
    const sameId = ids.get(id);
    if (sameId !== undefined)
      throw new ConfigurationError(`${what}: \`${at}[${index}].id\` ${id} is also the id of \`${at}[${sameId}]\``);
    const sameName = names.get(username);
    if (sameName !== undefined)
      throw new ConfigurationError(
        `${what}: \`${at}[${index}].username\` '${username}' is also the username of \`${at}[${sameName}]\``,
      );
    ids.set(id, index);
    names.set(username, index);
  });
}
