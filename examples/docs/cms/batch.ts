import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;

const result = await cms
  .batch() // { validation: 'normal' } by default; or { validation: 'require-all-validate' }
  .posts.create({ title: 'Hello', status: 'publish' })
  .pages.update(12, { menu_order: 2 })
  .posts.delete(7, { force: true })
  .run();

for (const outcome of result.outcomes) {
  if (outcome.ok) console.log(outcome.key, outcome.status, outcome.data);
  else console.warn(outcome.key, outcome.reason, outcome.error?.code, outcome.error?.params);
}

// Built in a loop, without a type annotation: each outcome is narrowed by its route key.
let batch = cms.batch();
for (const title of ['A', 'B', 'C']) batch = batch.posts.create({ title });
for (const outcome of (await batch.run()).outcomes) {
  if (outcome.ok && outcome.key === 'POST /cms/v2/posts') console.log(outcome.data.id);
}
