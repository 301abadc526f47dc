/**
 * What a client in another language reads when the fake refuses a list query or a new record:
 * the same status and the same body, to the byte, as WordPress 6.5.5 answers. Every value the
 * agreement suite generates from WordPress's own argument schemas (agreement/values.ts) goes to
 * both servers: PHP-encoded (`include[0]=`) to the lists as an administrator, as a JSON body to
 * the create routes as a subscriber (WordPress checks the arguments, then who may create, so
 * nothing is written). Wherever either refuses it, the two answers must match (the spec's
 * `pattern_category` standing for WordPress's `wp_pattern_category`). Only the deviations listed
 * below, each with its reason, may differ.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candidates } from './agreement/values.js';
import type { WpArg } from './agreement/wordpress-args.js';
import { type ContractTarget, targets } from './targets.js';

interface RecordedRoute {
  readonly key: string;
  readonly samplePath: string;
  readonly args: Record<string, WpArg>;
}
const recorded = JSON.parse(
  readFileSync(new URL('./agreement/wordpress-6.5.5-args.json', import.meta.url), 'utf8'),
) as RecordedRoute[];
// Collection reads: what a headless site in PHP or Python filters.
const lists = recorded.filter((route) => route.key.startsWith('GET /cms/v2/') && !route.key.includes('{'));
// Creating the records a headless site's editors write.
const creates = recorded.filter((route) => /^POST \/cms\/v2\/(posts|pages|menu-items|blocks)$/.test(route.key));

/** Where the fake answers the spec and not WordPress 6.5.5 (docs/decisions/cms.md says why). */
// `value`: the one value that differs (as text), `an object` for any object, none for every value.
const DEVIATIONS: ReadonlyArray<{ param: string; value?: string; reason: string }> = [
  { param: 'offset', value: '-1', reason: 'the spec refuses a negative offset; WordPress takes its absolute value' },
  {
    param: 'media_type',
    reason: 'the spec takes a list of media types (media_type[0] is named); WordPress 6.5.5 takes one',
  },
  {
    param: 'title',
    value: 'an object',
    reason: 'the spec checks an object title (`raw` a string, required); WordPress does not check it',
  },
  { param: 'content', value: 'an object', reason: 'as title' },
  { param: 'excerpt', value: 'an object', reason: 'as title' },
  { param: 'meta', reason: 'the spec types the registered meta keys; WordPress checks them only when it writes' },
  { param: 'template', reason: "WordPress takes the templates of the site's theme; the fake has no theme" },
  { param: 'url', reason: 'the spec checks that a menu item URL is a URL; WordPress takes any text' },
];

/** Whether a parameter and value are among the listed deviations. */
function isDeviation(param: string, value: unknown): boolean {
  const text = typeof value === 'object' && value !== null && !Array.isArray(value) ? 'an object' : String(value);
  return DEVIATIONS.some((d) => d.param === param && (d.value === undefined || d.value === text));
}

/** A value as PHP's http_build_query writes it. */
function phpQuery(name: string, value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(`${encodeURIComponent(name)}=`);
    value.forEach((item, i) => {
      phpQuery(`${name}[${i}]`, item, out);
    });
  } else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) phpQuery(`${name}[${key}]`, item, out);
  else out.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return out;
}

const both = targets();
const fake = both.find((t) => t.name === 'fake');
const wordpress = both.find((t) => t.name === 'wordpress');

describe.skipIf(!fake || !wordpress)('what the fake refuses, worded as WordPress 6.5.5 words it', () => {
  /**
   * The status and body `target` answers: a GET of `path?query` as an administrator, or with a
   * `body` a JSON POST as a subscriber (the spec's `cms/v2` mapped to the target's namespace).
   */
  const answer = async (target: ContractTarget, path: string, sent: { query: string } | { body: object }) => {
    const namespace = target.namespaces.cms ?? 'cms/v2';
    const url = `${target.restRoot}${path.replace(/^\/cms\/v2\//, `${namespace}/`)}`;
    const { username, applicationPassword } = 'body' in sent ? target.subscriber : target.admin;
    const authorization = `Basic ${btoa(`${username}:${applicationPassword}`)}`;
    const res =
      'body' in sent
        ? await fetch(url, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify(sent.body),
          })
        : await fetch(`${url}?${sent.query}`, { headers: { authorization } });
    return { status: res.status, body: await res.text() };
  };

  it.each(lists.map((route) => [route.key, route] as const))('%s', async (_key, route) => {
    const path = route.key.slice('GET '.length);
    let refused = 0;
    for (const [name, arg] of Object.entries(route.args)) {
      // The spec's name for WordPress's (the fake speaks the spec).
      const specName = name.replace(/^wp_pattern_category/, 'pattern_category');
      for (const value of candidates(arg)) {
        const wpQuery = phpQuery(name, value).join('&');
        if (isDeviation(specName, value)) continue;
        const [wp, ours] = await Promise.all([
          answer(wordpress as ContractTarget, path, { query: wpQuery }),
          answer(fake as ContractTarget, path, { query: phpQuery(specName, value).join('&') }),
        ]);
        if (wp.status !== 400 && ours.status !== 400) continue;
        refused += 1;
        expect({ status: ours.status, body: ours.body }, `${path}?${wpQuery}`).toEqual({
          status: wp.status,
          body: wp.body.replaceAll('wp_pattern_category', 'pattern_category'),
        });
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it.each(creates.map((route) => [route.key, route] as const))('%s (as a subscriber)', async (_key, route) => {
    const path = route.key.slice('POST '.length);
    let compared = 0;
    for (const [name, arg] of Object.entries(route.args)) {
      const specName = name.replace(/^wp_pattern_category/, 'pattern_category');
      for (const value of candidates(arg)) {
        if (isDeviation(specName, value)) continue;
        const [wp, ours] = await Promise.all([
          answer(wordpress as ContractTarget, path, { body: { [name]: value } }),
          answer(fake as ContractTarget, path, { body: { [specName]: value } }),
        ]);
        compared += 1;
        expect({ status: ours.status, body: ours.body }, `${path} ${name}=${JSON.stringify(value)}`).toEqual({
          status: wp.status,
          body: wp.body.replaceAll('wp_pattern_category', 'pattern_category'),
        });
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});
