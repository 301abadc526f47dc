/**
 * The simulated streaming-service login, inside the extension: credentials, MFA code and the
 * cancel button never leave this page. Test credentials: any email; password `wrong` fails; an
 * email starting `no-mfa` signs in at once (an account without a second factor), any other asks
 * for an MFA code; code `000000` fails, any other code succeeds.
 */
const params = new URLSearchParams(window.location.search);
const requestId = params.get('request') ?? '';
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
// The services' names as people know them (the bridge carries only ids); unknown ids as given.
const SERVICE_NAMES: Readonly<Record<string, string>> = {
  streamflix: 'Streamflix',
  cineplus: 'Cine+',
  tubely: 'Tubely',
};
const serviceId = params.get('service') ?? '';
const serviceName = SERVICE_NAMES[serviceId] ?? serviceId;
$('service').textContent = serviceName;
document.title = `Sign in to ${serviceName}`;

const report = (message: Record<string, unknown>) => chrome.runtime.sendMessage({ request_id: requestId, ...message });

$<HTMLFormElement>('credentials').addEventListener('submit', (event) => {
  event.preventDefault();
  if ($<HTMLInputElement>('password').value === 'wrong') {
    $('status').textContent = 'Wrong password.';
    void report({ kind: 'login-done', outcome: 'failed' });
    return;
  }
  $('credentials').hidden = true;
  if ($<HTMLInputElement>('username').value.startsWith('no-mfa')) {
    $('status').textContent = 'Verifying…';
    void report({ kind: 'login-done', outcome: 'ok' });
    return;
  }
  $('mfa').hidden = false;
  $<HTMLInputElement>('code').focus();
  void report({ kind: 'login-step', stage: 'awaiting-mfa' });
});
$<HTMLFormElement>('mfa').addEventListener('submit', (event) => {
  event.preventDefault();
  const ok = $<HTMLInputElement>('code').value !== '000000';
  $('status').textContent = ok ? 'Verifying…' : 'Wrong code.';
  void report({ kind: 'login-done', outcome: ok ? 'ok' : 'failed' });
});
$('cancel').addEventListener('click', () => void report({ kind: 'login-done', outcome: 'cancelled' }));
