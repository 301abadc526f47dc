// The home page is the posts list.
import { redirect } from 'next/navigation';

export default function Home() {
  redirect('/posts');
}
