// lib/session.ts: the signed-in user; the example has no sign-in, so it is the mock service's seeded `demo-user`.
export async function currentUserId(): Promise<string> {
  return 'demo-user';
}
