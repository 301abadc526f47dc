import { SDK } from '@viewlink/web';
import { renderConsentScreen } from '@viewlink/web/consent';

const screen = renderConsentScreen(document.querySelector('#consent')!, {
  consent: SDK.consent,
  termsUrl: 'https://operator.example/terms',
  privacyUrl: 'https://operator.example/privacy',
  policyVersion: '2026-11', // stored in the record
  texts: { title: 'Verbinde dein Streaming-Konto' /* … every text can be replaced */ },
});
await screen.accepted; // also: onAccept, and a `viewlink-consent` event on the host
