// app/posts/page.tsx: a server component listing published posts, ten a page (?page=2).
import { posts, published } from './cms';

// Your HTML sanitizer (e.g. sanitize-html): `title.rendered` is HTML ("It&#8217;s Tom &#038; Jerry").
declare function sanitize(html: string): string;

export default async function PostsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const list = await posts.list({ per_page: 10, page, _fields: ['id', 'title', 'excerpt'] }, published());
  return (
    <main>
      <h1>Posts</h1>
      <ul>
        {list.items.map((post) => (
          <li key={post.id}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: WordPress's rendered title, sanitized */}
            <a href={`/posts/${post.id}`} dangerouslySetInnerHTML={{ __html: sanitize(post.title.rendered ?? '') }} />
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
