// TanStack Query 5: options for every read, stable keys, invalidation after writes and batches.
import { QueryClient } from '@tanstack/query-core'; // or useQuery & co. from @tanstack/react-query
import { CmsClient } from '@viewlink/cms';
import { cmsQueries, invalidateAfterBatch, invalidateAfterWrite } from '@viewlink/cms/query';

const cms = new CmsClient({ baseUrl: 'https://cms.example.com', compat: 'wordpress' });
const queries = cmsQueries(cms);
const queryClient = new QueryClient();

// In a component: useQuery(queries.posts.list({ per_page: 10 })), useInfiniteQuery(queries.posts.infinite(...)).
const page = await queryClient.fetchQuery(queries.posts.list({ per_page: 10 }));
page.items; // PostView[]; page.total, page.totalPages, page.nextPage (plain data: it dehydrates for SSR)
const feed = await queryClient.fetchInfiniteQuery(queries.posts.infinite({ per_page: 10 }));
feed.pages[0]?.items;
const post = queryClient.getQueryData(queries.posts.get(42).queryKey); // PostView | undefined: typed as posts.get(42)
post?.content?.rendered; // `context`, `_fields` and `_embed` shape the data as they shape the method's result

// After a write: the posts lists and everything read about post 42.
await invalidateAfterWrite(queryClient, queries.keys, 'posts', 42);
// After a batch: the lists and records of every operation that ran.
const result = await cms.batch().posts.update(42, { title: 'New title' }).run();
await invalidateAfterBatch(queryClient, queries.keys, result);

export { post };
