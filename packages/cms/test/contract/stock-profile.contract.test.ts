/**
 * The last disagreements with stock WordPress 6.5.5 (issue 24, item 1), each on both targets.
 * On WordPress the client runs with `compat: 'wordpress'` (targets.ts); where the profile refuses,
 * a raw request (around the client) shows what WordPress would have done with the call. On the
 * fake (the spec's site) the same calls go out as written.
 */
import { ValidationError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { png } from './png.js';
import { clientFor, failure, targets, unique } from './targets.js';

/** The issues of a ValidationError, as `path: message` lines. */
function issuesOf(error: unknown): string[] {
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe.each(targets())('stock WordPress disagreements on $name', (target) => {
  const cms = clientFor(target);
  const onWordPress = target.name === 'wordpress';

  it('a template id WordPress has no route for (non-ASCII slug) is refused, typed, before sending', async () => {
    for (const id of ['twentytwentyfour//ünï', 'twentytwentyfour//x.y']) {
      const lines = issuesOf(await failure(() => cms.templates.get(id)));
      expect(lines.join('\n')).toMatch(/^template_id: must be an id WordPress has a route for/);
      expect(issuesOf(await failure(() => cms.templates.revisions.list(id)))[0]).toMatch(/^template_id:/);
    }
    if (onWordPress) {
      // What WordPress does with it: the percent-encoded id is decoded before its route pattern reads it.
      const raw = await failure(() =>
        cms.requestRaw({ method: 'GET', path: '/wp/v2/templates/twentytwentyfour//%C3%BCn%C3%AF' }),
      );
      expect(raw).toMatchObject({ status: 404, code: 'rest_no_route' });
    }
    // Non-ASCII in the theme is routed (WordPress's pattern takes any character there but / : < > * ? " |).
    const routed = await failure(() => cms.templates.get('thème//index'));
    expect(routed).not.toBeInstanceOf(ValidationError);
    expect(routed).toMatchObject({ status: 404 });
    expect(routed.code).not.toBe('rest_no_route');
  });

  it('media.edit with a flip modifier: refused on WordPress (6.5.5 has rotate and crop only), sent on the spec site', async () => {
    const media = await cms.media.upload(png(40, 20), { filename: `${unique('flip')}.png`, contentType: 'image/png' });
    try {
      const modifiers = [{ type: 'flip' as const, args: { flip: { horizontal: true, vertical: false } } }];
      if (onWordPress) {
        const lines = issuesOf(
          await failure(() => cms.media.edit(media.id, { src: String(media.source_url), modifiers })),
        );
        expect(lines).toEqual([expect.stringMatching(/^modifiers\.0\.type: compat 'wordpress': .*"rotate" or "crop"/)]);
        const raw = await failure(() =>
          cms.requestRaw({
            method: 'POST',
            path: `/wp/v2/media/${media.id}/edit`,
            body: { src: media.source_url, modifiers },
          }),
        );
        expect(raw).toMatchObject({ status: 400 });
      } else {
        const flipped = await cms.media.edit(media.id, { src: String(media.source_url), modifiers });
        expect(flipped.media_details).toMatchObject({ width: 40, height: 20 });
        await cms.media.delete(flipped.id, { force: true });
      }
      // Rotate and crop go out under the profile as before.
      const rotated = await cms.media.edit(media.id, {
        src: String(media.source_url),
        modifiers: [{ type: 'rotate', args: { angle: 90 } }],
      });
      expect(rotated.media_details).toMatchObject({ width: 20, height: 40 });
      await cms.media.delete(rotated.id, { force: true });
    } finally {
      await cms.media.delete(media.id, { force: true });
    }
  });

  it('meta keys stock WordPress registers on neither media nor menu items: refused on WordPress, never dropped silently', async () => {
    const media = await cms.media.upload(png(8, 8), { filename: `${unique('meta')}.png`, contentType: 'image/png' });
    const item = await cms.menuItems.create({ title: unique('item'), url: 'https://example.com/', status: 'publish' });
    try {
      const calls = [
        () => cms.media.update(media.id, { meta: { credit: 'x' } }),
        () => cms.menuItems.update(item.id, { meta: { icon: 'star' } }),
        () => cms.menuItems.create({ title: 't', url: 'https://example.com/', meta: { icon: 'star' } }),
      ];
      for (const call of calls) {
        if (onWordPress) {
          const lines = issuesOf(await failure(call));
          expect(lines).toEqual([expect.stringMatching(/^meta\.(credit|icon): not supported by compat 'wordpress'/)]);
        } else {
          const written = (await call()) as { id: number };
          if (written.id !== item.id && written.id !== media.id)
            await cms.menuItems.delete(written.id, { force: true });
        }
      }
      if (onWordPress) {
        // What the refusal saves the caller from: WordPress answers 200 and stores nothing.
        const { status, data } = await cms.requestRaw<{ meta: unknown }>({
          method: 'POST',
          path: `/wp/v2/media/${media.id}`,
          body: { meta: { credit: 'x' } },
        });
        expect(status).toBe(200);
        expect(data.meta).toEqual([]);
      }
      // Writes without meta, or with an empty meta, are unchanged.
      await expect(cms.media.update(media.id, { alt_text: 'alt', meta: {} })).resolves.toMatchObject({
        alt_text: 'alt',
      });
    } finally {
      await cms.menuItems.delete(item.id, { force: true });
      await cms.media.delete(media.id, { force: true });
    }
  });

  it("oembed.proxy({ format: 'xml' }) of the site's own post gives the typed record the server sends", async () => {
    const title = unique('proxy');
    const post = await cms.posts.create({ title, status: 'publish' });
    try {
      const asJson = await cms.oembed.proxy({ url: String(post.link), maxwidth: 400 });
      const asXml = await cms.oembed.proxy({ url: String(post.link), maxwidth: 400, format: 'xml' });
      expect(asJson).toMatchObject({ version: '1.0', type: 'rich', title, width: 400 });
      expect(asXml).toMatchObject({ version: '1.0', type: 'rich', title, width: 400, height: asJson.height });
      // The proxy answers JSON whatever the format (WordPress 6.5.5), which is what the client read.
      const raw = await cms.requestRaw({
        method: 'GET',
        path: '/oembed/1.0/proxy',
        query: { url: String(post.link), format: 'xml' },
      });
      expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      await cms.posts.delete(post.id, { force: true });
    }
  });
});
