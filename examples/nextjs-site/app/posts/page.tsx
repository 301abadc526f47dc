// app/posts/page.tsx: published posts, PER_PAGE a page (?page=2), as examples/docs/nextjs/posts-page.tsx.
import { posts, published } from '../../lib/cms.ts';

// Ten a page; one a page when the test asks (its two posts then span two pages).
const PER_PAGE = process.env.POSTS_PER_PAGE === '1' ? 1 : 10;

export default async function PostsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const list = await posts.list({ per_page: PER_PAGE, page, _fields: ['id', 'title', 'excerpt'] }, published());
  return (
    <main>
      <h1>Posts</h1>
      <ul>
        {list.items.map((post) => (
          <li key={post.id}>
            {/* `title.rendered` is HTML (It&#8217;s): a real site sanitizes it; this one lists the test's own posts only. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: WordPress's rendered title of the test's own posts */}
            <a href={`/posts/${post.id}`} dangerouslySetInnerHTML={{ __html: post.title.rendered ?? '' }} />
          </li>
        ))}
      </ul>
      <nav>
        {list.prevPage !== undefined && <a href={`/posts?page=${list.prevPage}`}>Newer</a>}
        {list.nextPage !== undefined && <a href={`/posts?page=${list.nextPage}`}>Older</a>}
        <span>
          Page {list.page} of {list.totalPages ?? 1}
        </span>
      </nav>
    </main>
  );
}
