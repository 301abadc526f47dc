import { viewlink } from './create-client.js'; // the client of section 1

declare const userId: string;

const user = viewlink.user(userId);

const watchlist = await user.watchlist(); // { categories: [{ kind: 'saved' | 'continue_watching' | 'bookmarked' | string, titles }] }
const { ratings } = await user.ratings(); // stars 0-5 or thumbs 'up' | 'down'
const { feeds } = await user.recommendations(); // one feed per provider
const one = await user.recommendations({ service: 'some-service' });

export { feeds, one, ratings, watchlist };
