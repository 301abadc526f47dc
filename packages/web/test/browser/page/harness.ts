/**
 * The browser tests' page: exposes the SDK as `window.Viewlink` for `page.evaluate`, and wires
 * the refresh and disconnect buttons so a real click (a real user gesture) can be tested. With
 * `?user=...` it signs in on load and tries a refresh and a disconnect with no gesture at all,
 * reporting the outcomes.
 */
import * as web from '@viewlink/web';
import * as consent from '@viewlink/web/consent';

declare global {
  interface Window {
    Viewlink: typeof web & typeof consent;
    /** Outcome of the refresh attempted on load, without any user gesture. */
    autoRefresh?: string;
    /** Outcome of the last click on #refresh. */
    clickRefresh?: string;
    /** Outcome of the last click on #disconnect. */
    clickDisconnect?: string;
  }
}
window.Viewlink = { ...web, ...consent };

const outcome = (p: Promise<{ status: string } | { account: { status: string }; keep_data: boolean }>) =>
  p.then(
    (r) => ('account' in r ? `ok:${r.account.status}:keep_data=${r.keep_data}` : `ok:${r.status}`),
    (e: unknown) => `error:${(e as Error).name}`,
  );

const user = new URLSearchParams(window.location.search).get('user');
if (user) {
  void (async () => {
    const response = await fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: user }),
    });
    const { sdk_key, tokens } = await response.json();
    web.SDK.initialize(sdk_key, tokens, { baseUrl: window.location.origin });
    window.autoRefresh = await outcome(web.SDK.refresh());
    // Reported over the network: reading it with page.evaluate would itself count as a user gesture.
    await fetch('/__test/report', { method: 'POST', body: window.autoRefresh });
    const disconnect = web.SDK.disconnect({ service: 'streamflix', keepData: true });
    await fetch('/__test/report', { method: 'POST', body: `disconnect:${await outcome(disconnect)}` });
  })();
}
document.getElementById('refresh')?.addEventListener('click', () => {
  void outcome(web.SDK.refresh()).then((r) => {
    window.clickRefresh = r;
  });
});
document.getElementById('disconnect')?.addEventListener('click', () => {
  void outcome(web.SDK.disconnect({ service: 'streamflix', keepData: true })).then((r) => {
    window.clickDisconnect = r;
  });
});
