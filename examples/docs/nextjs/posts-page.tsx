// app/posts/page.tsx: a server component listing published posts, ten a page (?page=2).
import { posts, published } from './cms';

export default async function PostsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const list = await posts.list({ per_page: 10, page, _fields: ['id', 'title', 'excerpt'] }, published());
  return (
    <main>
      <h1>Posts</h1>
      <ul>
        {list.items.map((post) => (
          <li key={post.id}>
            <a href={`/posts/${post.id}`}>{post.title.rendered}</a>
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
