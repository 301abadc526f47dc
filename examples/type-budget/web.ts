// Type budget probe (scripts/type-budget.mjs): the browser SDK a web app drives, with the
// completion probes (`^.` under the member after a dot: every member documented, none internal).
import { SDK } from '@viewlink/web';

const pair = { access_token: 'a', refresh_token: 'r', expires_in: 900, token_type: 'Bearer' as const };
SDK.initialize('sdk-key', pair, { baseUrl: 'https://api.viewlink.example' });
//  ^. SDK members
const consent = SDK.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
//                          ^. SDK.consent members
console.log(consent.accepted_at);
//                  ^. the consent record's fields
const linked = await SDK.connect({ service: 'streamflix' });
console.log(linked.service);
//                 ^. a connect result's fields
