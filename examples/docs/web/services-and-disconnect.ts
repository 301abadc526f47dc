import { ConnectError, SDK } from '@viewlink/web';

declare function render(items: Array<{ id: string; label: string; disabled: boolean }>): void;
declare function report(linkSessionId: string | undefined, reason: string): void;
declare const disconnectButton: HTMLButtonElement;
declare const keepDataCheckbox: HTMLInputElement;

// A service picker: every supported service, greyed out where it cannot be linked on this device.
const services = await SDK.services();
render(services.map((s) => ({ id: s.id, label: s.name, disabled: !s.linkable })));

// Link one; `link_session_id` ties the attempt to the service's logs and your backend's webhooks.
try {
  const linked = await SDK.connect({ service: 'streamflix' }); // known ids complete in the editor
  console.log(linked.link_session_id, linked.profile_name, linked.relinked);
} catch (error) {
  if (error instanceof ConnectError)
    report(error.linkSessionId, error.reason); // e.g. 'mfa-timeout'
  else throw error;
}

// Disconnect from a click, with the user's choice about the data your app already holds.
disconnectButton.addEventListener('click', async () => {
  const { account, keep_data } = await SDK.disconnect({ service: 'streamflix', keepData: keepDataCheckbox.checked });
  console.log(account.status, keep_data); // 'disconnected'; your backend receives LinkedAccountDisconnected
});
