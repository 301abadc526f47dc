// What a partner's editor shows after `npm install @viewlink/*`: each assertion pins one piece of
// autocomplete. scripts/consumer-test.mjs copies this file into a scratch project and
// type-checks it against the installed .d.ts files (node16 ESM, node16 CJS, bundler); the
// workspace typecheck checks it against the sources. Types only: nothing here runs.
import type { BatchOutcome, BatchResult, CmsClient, Deleted, PagePromise, Post, PostView } from '@viewlink/cms';
import { createMockService, type Handle, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import {
  APIError,
  ConfigurationError,
  type ExpiryCheck,
  HistoryLimitError,
  type NotFoundError,
  type PartnerClient,
  type PartnerClientOptions,
  RefreshRefusedError,
  type SdkTokens,
  type TokenPair,
  TokenRenewalError,
  type UnknownWebhookEvent,
  type ValidationError,
  type ViewlinkError,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from '@viewlink/partner';
import { createRedisStores, type RedisTokenStore, type SharedStoreError } from '@viewlink/redis';
import type { KnownWebhookEventType } from '@viewlink/schemas';
import type { ViewlinkError as TransportViewlinkError } from '@viewlink/transport/errors';
import {
  ApiKeyNotAllowedError,
  type ConnectCancelledError,
  ConnectError,
  createSdk,
  SDK,
  type SdkOptions,
  type UnsupportedEnvironmentError,
  type TokenPair as WebTokenPair,
} from '@viewlink/web';
import { renderConsentScreen } from '@viewlink/web/consent';
import { expectTypeOf } from 'expect-type';

declare const cms: CmsClient;
declare const partner: PartnerClient;
declare const pair: TokenPair;
declare const webTokens: WebTokenPair;

// CMS: the orderby values offered for posts.list, and the list's awaitable/iterable result.
type PostListArgs = NonNullable<Parameters<CmsClient['posts']['list']>[0]>;
expectTypeOf<NonNullable<PostListArgs['orderby']>>().toEqualTypeOf<
  'author' | 'date' | 'id' | 'include' | 'modified' | 'parent' | 'relevance' | 'slug' | 'include_slugs' | 'title'
>();
// Without `context`: the view-context record (no `raw` parts).
expectTypeOf(cms.posts.list({ per_page: 100, orderby: 'title' })).toEqualTypeOf<PagePromise<PostView>>();
// @ts-expect-error not an orderby value
cms.posts.list({ orderby: 'popularity' });
// @ts-expect-error per_page is 1-100
cms.posts.list({ per_page: 500 });

// CMS deletes: trash returns the record, force the `{ deleted, previous }` envelope;
// a revision cannot be trashed.
expectTypeOf(cms.posts.delete(1)).toEqualTypeOf<Promise<Post>>();
expectTypeOf(cms.posts.delete(1, { force: true })).toEqualTypeOf<Promise<Deleted<Post>>>();
cms.posts.revisions.delete(1, 2, { force: true });
// @ts-expect-error a revision delete needs force: true
cms.posts.revisions.delete(1, 2);
// @ts-expect-error force must be true
cms.posts.revisions.delete(1, 2, { force: false });

// CMS batch: run() types each outcome by its operation, in order (success | failure union).
async function runBatch() {
  const result = await cms.batch().posts.create({ title: 'A' }).pages.delete(3, { force: true }).run();
  expectTypeOf(result).toEqualTypeOf<BatchResult<['POST /cms/v2/posts', 'DELETE /cms/v2/pages/{id}']>>();
  expectTypeOf(result.outcomes[0]).toEqualTypeOf<BatchOutcome<'POST /cms/v2/posts'>>();
  expectTypeOf(result.outcomes[1]).toEqualTypeOf<BatchOutcome<'DELETE /cms/v2/pages/{id}'>>();
  const first = result.outcomes[0];
  if (first.ok) expectTypeOf(first.data).toEqualTypeOf<Post>();
  else {
    expectTypeOf(first.reason).toEqualTypeOf<'invalid' | 'error' | 'not-run'>();
    expectTypeOf(first.error).toEqualTypeOf<APIError | undefined>();
  }
}
// @ts-expect-error media uploads are not batchable
cms.batch().add('POST /cms/v2/media', {});

// Partner webhooks: verifyWebhook resolves to four named events plus `unknown`.
expectTypeOf(verifyWebhook).returns.toEqualTypeOf<Promise<WebhookEvent>>();
expectTypeOf<WebhookEvent['type']>().toEqualTypeOf<
  'UserDataRefreshCompleted' | 'UserFilePosted' | 'InitialFilePosted' | 'DeltaFilePosted' | 'unknown'
>();
expectTypeOf<KnownWebhookEventType>().toEqualTypeOf<Exclude<WebhookEvent['type'], 'unknown'>>();
expectTypeOf<Extract<WebhookEvent, { type: 'unknown' }>>().toEqualTypeOf<UnknownWebhookEvent>();
expectTypeOf<WebhookVerificationError['status']>().toEqualTypeOf<401>();

// Partner client options: apiKey and baseUrl required, validation a closed set.
expectTypeOf<PartnerClientOptions['apiKey']>().toEqualTypeOf<string>();
expectTypeOf<PartnerClientOptions['baseUrl']>().toEqualTypeOf<string | URL>();
expectTypeOf<PartnerClientOptions['validation']>().toEqualTypeOf<'strict' | 'warn' | 'off' | undefined>();
expectTypeOf<PartnerClientOptions>().toHaveProperty('tokenStore');
// @ts-expect-error baseUrl is required
const missingBaseUrl: PartnerClientOptions = { apiKey: 'k' };

// The token-pair helper: expiry checks, and tokens the web SDK accepts as they are.
expectTypeOf(partner.tokens.issue({ userId: 'u' })).resolves.toEqualTypeOf<TokenPair>();
expectTypeOf(pair.expiresAt).toEqualTypeOf<Date>();
expectTypeOf(pair.isExpired).parameter(0).toEqualTypeOf<ExpiryCheck | undefined>();
expectTypeOf(pair.expiresWithin).returns.toEqualTypeOf<boolean>();
expectTypeOf(pair.toSdkTokens()).toEqualTypeOf<SdkTokens>();
// A full-stack app may hand the partner's tokens to the web SDK as they are.
expectTypeOf<SdkTokens>().toExtend<WebTokenPair>();
SDK.initialize('sdk-key', pair.toSdkTokens());
expectTypeOf<ReturnType<TokenPair['toJSON']>>().toEqualTypeOf<Record<string, unknown>>();

// Errors: one tree (the partner re-exports transport's), each class with its `code` and fields.
expectTypeOf<ViewlinkError>().toEqualTypeOf<TransportViewlinkError>();
expectTypeOf<ViewlinkError['code']>().toEqualTypeOf<string>();
expectTypeOf<NotFoundError>().toExtend<APIError>();
expectTypeOf<APIError['status']>().toEqualTypeOf<number>();
expectTypeOf<APIError>().toHaveProperty('params');
expectTypeOf<ValidationError>().toHaveProperty('issues');
for (const ErrorClass of [
  APIError,
  ConfigurationError,
  HistoryLimitError,
  RefreshRefusedError,
  TokenRenewalError,
  WebhookVerificationError,
  ApiKeyNotAllowedError,
  ConnectError,
]) {
  expectTypeOf<InstanceType<typeof ErrorClass>>().toExtend<ViewlinkError>();
}
expectTypeOf<ConnectCancelledError>().toExtend<ConnectError>();
// The fields to switch on when handling one.
expectTypeOf<WebhookVerificationError['reason']>().toEqualTypeOf<
  'missing_signature' | 'invalid_signature' | 'malformed_signature' | 'timestamp_out_of_tolerance'
>();
expectTypeOf<RefreshRefusedError['reason']>().toEqualTypeOf<'cooldown' | 'burst'>();
expectTypeOf<RefreshRefusedError['retryAfterMs']>().toEqualTypeOf<number>();
expectTypeOf<UnsupportedEnvironmentError['reason']>().toEqualTypeOf<'mobile' | 'browser' | 'no-browser' | 'app'>();
expectTypeOf<ApiKeyNotAllowedError>().toExtend<ConfigurationError>();

// Web SDK: initialize(sdkKey, tokens, options?), and no place for an API Key.
expectTypeOf(SDK.initialize).parameters.toEqualTypeOf<
  [sdkKey: string, tokens: WebTokenPair, options?: SdkOptions | undefined]
>();
// @ts-expect-error the API Key stays on the backend: not a web SDK option
createSdk({ apiKey: 'vl_live_key' });
// @ts-expect-error nor an initialize option
SDK.initialize('sdk-key', webTokens, { apiKey: 'vl_live_key' });
expectTypeOf(renderConsentScreen).parameter(1).toHaveProperty('consent');

// Mock: one service with both fakes and a fetch-style handle, served over HTTP by the server entry.
expectTypeOf(createMockService).returns.toEqualTypeOf<MockService>();
expectTypeOf<MockService['handle']>().toEqualTypeOf<Handle>();
expectTypeOf<Handle>().toEqualTypeOf<(request: Request) => Promise<Response>>();
expectTypeOf<MockService>().toHaveProperty('partner');
expectTypeOf<MockService>().toHaveProperty('cms');
expectTypeOf(serve).parameter(0).toHaveProperty('handle').toEqualTypeOf<Handle>();
expectTypeOf(serve).returns.resolves.toEqualTypeOf<RunningServer>();
expectTypeOf<RunningServer['url']>().toEqualTypeOf<string>();

// Redis: the shared stores plug into the partner client's options, and fail with a ViewlinkError.
expectTypeOf<RedisTokenStore>().toExtend<NonNullable<PartnerClientOptions['tokenStore']>>();
expectTypeOf(createRedisStores).returns.toHaveProperty('refreshLedger');
expectTypeOf<SharedStoreError>().toExtend<ViewlinkError>();
expectTypeOf<(args: string[], firstKey: string) => Promise<unknown>>().toExtend<
  Parameters<typeof createRedisStores>[0]
>();

export { missingBaseUrl, runBatch };
