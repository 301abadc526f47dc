import { checkLinkingSupport, SDK } from '@viewlink/web';

declare function hideConnectButton(): void;

if (!checkLinkingSupport().supported) hideConnectButton(); // same check connect runs
const linked = await SDK.connect({ service: 'some-service' });

// { service, linked_account_id, status }: credentials, MFA and CAPTCHA stay in the extension

export { linked };
