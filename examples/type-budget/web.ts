// Type budget probe (scripts/type-budget.mjs): the browser SDK a web app drives, with the hover
// probes (`^?` marks the identifier above) and the completion probes (`^.` under the member after
// a dot: every member documented, none internal).
import { SDK } from '@viewlink/web';

const pair = { access_token: 'a', refresh_token: 'r', expires_in: 900, token_type: 'Bearer' as const };
SDK.initialize('sdk-key', pair, { baseUrl: 'https://api.viewlink.example' });
//  ^. SDK members
//  ^? SDK.initialize (documented) (example)
const consent = SDK.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
//                          ^. SDK.consent members
console.log(consent.accepted_at);
//                  ^. the consent record's fields
const linked = await SDK.connect({ service: 'streamflix' });
//                       ^? SDK.connect (documented) (example)
console.log(linked.service);
//                 ^. a connect result's fields
