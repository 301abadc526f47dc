// Your CMS code against the CMS fake: WordPress's answers, with the fake's admin user.
import { CmsClient, NotFoundError } from '@viewlink/cms';
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { setupServer } from 'msw/node';
import { expect, test } from 'vitest';

test('creates, pages through and deletes posts', async () => {
  const server = setupServer(...toMswHandlers('http://127.0.0.1:4010', createMockService()));
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const cms = new CmsClient({
      baseUrl: 'http://127.0.0.1:4010', // REST root /wp-json, as on a stock WordPress
      auth: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' },
    });
    for (let i = 1; i <= 3; i++) await cms.posts.create({ title: `Post ${i}`, status: 'publish' });
    const page = await cms.posts.list({ per_page: 2 });
    expect(page.total).toBe(3);
    expect(page.totalPages).toBe(2);
    await expect(cms.posts.get(999)).rejects.toBeInstanceOf(NotFoundError);
  } finally {
    server.close();
  }
});
