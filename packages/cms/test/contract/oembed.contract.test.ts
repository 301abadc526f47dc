/**
 * oEmbed `embed` of the site's own post link (JSON, and `format: 'xml'`, which WordPress answers
 * as an XML document the client reads into the same record); 404 for an unknown URL.
 */
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('oEmbed on $name', (target) => {
  const cms = clientFor(target);

  it('embed returns rich embed data for a published post link, honouring maxwidth', async () => {
    const title = unique('embed');
    const post = await cms.posts.create({ title, status: 'publish' });
    const data = await cms.oembed.embed({ url: String(post.link), maxwidth: 400 });
    expect(data).toMatchObject({ version: '1.0', type: 'rich', title, width: 400 });
    expect(String(data.html)).toContain('wp-embedded-content');
    await cms.posts.delete(post.id, { force: true });
  });

  it("format: 'xml' gives the same validated record as JSON", async () => {
    const title = unique('embed-xml');
    const post = await cms.posts.create({ title, status: 'publish' });
    try {
      const fromJson = await cms.oembed.embed({ url: String(post.link), maxwidth: 400 });
      const fromXml = await cms.oembed.embed({ url: String(post.link), maxwidth: 400, format: 'xml' });
      expect(fromXml).toMatchObject({ version: '1.0', type: 'rich', title, width: 400, height: fromJson.height });
      // WordPress writes the html a little differently per format (its embed script); both embed the post.
      expect(String(fromXml.html)).toContain('wp-embedded-content');
      expect(String(fromXml.html)).toContain(String(post.link));
    } finally {
      await cms.posts.delete(post.id, { force: true });
    }
  });

  it('embed of a URL that is not one of the site is 404 oembed_invalid_url', async () => {
    const error = await failure(() => cms.oembed.embed({ url: `${target.baseUrl}/no-such-page-${unique()}/` }));
    expect(error).toMatchObject({ status: 404, code: 'oembed_invalid_url' });
  });
});
