// Type budget probe (scripts/type-budget.mjs): what a CMS user writes most, with the hover probes
// the budget reads through the language service. Each `^?` marks the identifier above it.
import { type CmsBatch, CmsClient } from '@viewlink/cms';

const cms = new CmsClient({ baseUrl: 'https://example.org', namespaces: { cms: 'wp/v2' } });
const list = cms.posts.list;
//    ^? cms.posts.list method
const page = await list({ per_page: 10, status: ['publish'] });
let batch: CmsBatch = cms.batch();
for (const post of page.items) batch = batch.posts.update(post.id, { title: `${post.title?.rendered} (copy)` });
const result = await cms.batch().posts.create({ title: 'A' }).run();
const [created] = result.outcomes;
//     ^? a batch outcome
if (created.ok) console.log(created.data.title?.rendered);
const ai = cms.seo.ai;

//    ^? cms.seo.ai
export { ai, batch };
