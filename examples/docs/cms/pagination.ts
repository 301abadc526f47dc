import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;

const page = await cms.posts.list({ per_page: 20 }); // the first page
console.log(page.items, page.total, page.totalPages, page.nextPage);
const second = await page.next(); // undefined after the last page

for await (const post of cms.posts.list({ per_page: 100 })) {
  console.log(post.id); // every post, page by page
}
for await (const page of cms.posts.list({ per_page: 100 }).pages()) {
  console.log(page.items.length); // a page at a time
}

const all = await cms.posts.list({ per_page: 100 }).all({
  concurrency: 4, // pages in flight after the first (1-16)
  onProgress: ({ pagesLoaded, totalPages }) => console.log(`${pagesLoaded}/${totalPages}`),
});

export { all, second };
