/**
 * A title's `rendered` is HTML on both targets: WordPress 6.5.5 texturizes it (curly quotes, an
 * en or em dash, an ellipsis, `&` as `&#038;`), so a site must render it as HTML, not as text
 * (docs/getting-started/nextjs.md). The fake once answered the raw title as `rendered`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { clientFor, targets, unique } from './targets.js';

describe.each(targets())('rendered titles on $name', (target) => {
  const cms = clientFor(target);
  const ids: number[] = [];
  afterAll(async () => {
    for (const id of ids) await cms.posts.delete(id, { force: true }).catch(() => undefined);
  });

  it('texturizes quotes, dashes, the ellipsis and a bare ampersand; raw keeps what was sent', async () => {
    const marker = unique('titles');
    const title = `${marker} It's Tom & Jerry "show" -- ok... a - b &amp; c`;
    const post = await cms.posts.create({ title, status: 'publish' });
    ids.push(post.id);
    const edit = await cms.posts.get(post.id, { context: 'edit' });
    expect(edit.title?.raw).toBe(title);
    const view = await cms.posts.get(post.id);
    expect(view.title?.rendered).toBe(
      `${marker} It&#8217;s Tom &#038; Jerry &#8220;show&#8221; &#8212; ok&#8230; a &#8211; b &amp; c`,
    );
  });
});
