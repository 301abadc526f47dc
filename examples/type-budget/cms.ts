// Type budget probe (scripts/type-budget.mjs): what a CMS user writes most, with the hover probes
// the budget reads through the language service. Each `^?` marks the identifier above it; a probe
// labelled "(documented)" must also show a doc comment. A `^.` probe lists the members after a dot
// (each documented, none internal).
import { CmsClient } from '@viewlink/cms';

const cms = new CmsClient({ baseUrl: 'https://example.org', namespaces: { cms: 'wp/v2' } });
const list = cms.posts.list;
//    ^? cms.posts.list method
//                     ^. cms.posts members
//                     ^? cms.posts.list property (documented)
const revisions = cms.posts.revisions;
//                          ^? cms.posts.revisions (documented)
const page = await list({ per_page: 10, status: ['publish'], context: 'edit' });
// A batch filled in a loop, no type annotation: outcomes narrow by `ok` and `key`. The title as
// stored (`raw`, edit context): `rendered` is HTML (It&#8217;s), which would be saved as written.
let batch = cms.batch();
for (const post of page.items) batch = batch.posts.update(post.id, { title: `${post.title?.raw} (copy)` });
for (const outcome of (await batch.run()).outcomes) {
  //       ^? a loop-typed batch outcome
  if (outcome.ok && outcome.key === 'PUT /cms/v2/posts/{id}') console.log(outcome.data.title?.rendered);
  //                                                                              ^? a loop-typed batch outcome, narrowed
}
// A chain written inline: each outcome typed by position.
const result = await cms.batch().posts.create({ title: 'A' }).run();
const [created] = result.outcomes;
//     ^? a batch outcome
if (created.ok) console.log(created.data.title?.rendered);
const ai = cms.seo.ai;
//    ^? cms.seo.ai
//                 ^. cms.seo members
const suggest = ai.getSuggestions;

//                 ^? cms.seo.ai.getSuggestions method (documented)

export { revisions, suggest };
