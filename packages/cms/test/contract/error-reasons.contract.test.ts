/**
 * A 400's message carries WordPress's per-parameter reasons, on both targets: WordPress's own
 * message names the parameters only (`Invalid parameter(s): per_page`), so a log line or an
 * uncaught error of a request the client does not check itself (`requestRaw`, a batch of 26 sent
 * by hand) said which parameter but not why.
 */
import { BadRequestError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets } from './targets.js';

describe.each(targets())('the reasons of a 400 on $name', (target) => {
  const cms = clientFor(target);

  it('a per_page above 100 sent by hand says the bounds', async () => {
    const error = await failure(() =>
      cms.requestRaw({ method: 'GET', path: '/cms/v2/posts', query: { per_page: '500' } }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(String(error.message)).toMatch(
      /^requestRaw\(\): 400 Invalid parameter\(s\): per_page \(per_page must be between 1 \(inclusive\) and 100 \(inclusive\)\) \(GET /,
    );
  });

  it('a batch of 26 sent by hand says the limit of 25', async () => {
    const requests = Array.from({ length: 26 }, (_, i) => ({
      method: 'POST',
      path: `/${target.namespaces.cms ?? 'cms/v2'}/posts`,
      body: { title: `never created ${i}` },
    }));
    const error = await failure(() => cms.requestRaw({ method: 'POST', path: '/batch/v1', body: { requests } }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(String(error.message)).toContain('Invalid parameter(s): requests (requests must contain at most 25 items.)');
  });
});
