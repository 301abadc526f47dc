import type { PartnerUser } from '@viewlink/partner';

declare const user: PartnerUser; // viewlink.user(userId)
declare function showReconnectBanner(service: string): void;

const { accounts, needingReauthentication } = await user.accounts();
for (const account of needingReauthentication) {
  // status 'broken': the provider rejected the link. Not an exception: ask the user to log in again.
  showReconnectBanner(account.service); // the app calls SDK.connect({ service })
}

export { accounts };
