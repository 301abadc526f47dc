/**
 * Mock-only control routes under `/__mock/`, for tests, the demo and the browser-extension
 * fixture: create users, link or break accounts, move the clock, expire tokens, register the
 * webhook receiver, inject faults, read counters. Not part of the Partner API (no auth, not in
 * `partnerRoutes`, not in the OpenAPI document).
 */
import { KNOWN_WEBHOOK_EVENT_TYPES, route, routeTable, WEBHOOK_EVENT_SCHEMAS } from '@viewlink/schemas';
import * as z from 'zod/mini';
import { toRouteIssues } from '../../core/route-issues.js';
import { createRouter, json, type Router } from '../../core/router.js';
import type { FakeContext } from './context.js';
import { invalidRequest, partnerError, unsupportedMediaType } from './errors.js';
import { FaultFields, uselessFault } from './faults.js';
import { changeAccount, countLinked } from './lifecycle.js';
import { LINK_FAULT_STEPS } from './link-faults.js';
import { readableServices } from './state/users.js';

const ServiceSlug = z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]*$/));
const UserParams = z.object({ user_id: z.string().check(z.minLength(1)) });
const AccountParams = z.object({ user_id: z.string().check(z.minLength(1)), service: ServiceSlug });
const AnyResponse = z.unknown();
const LinkFaultStep = z.enum(LINK_FAULT_STEPS);

/** The control routes, as a route table (so the same router validates them). */
export const partnerControlRoutes = routeTable({
  'POST /__mock/users': route({
    method: 'POST',
    path: '/__mock/users',
    operationId: 'mockCreateUser',
    summary: 'Create or replace a user (linked accounts, generated history size, seed).',
    auth: 'none',
    body: z.strictObject({
      user_id: z.string().check(z.minLength(1)),
      accounts: z.optional(z.array(z.strictObject({ service: ServiceSlug, status: z.optional(z.string()) }))),
      history_entries: z.optional(z.int().check(z.minimum(0), z.maximum(1_000_000))),
      seed: z.optional(z.int()),
      first_activity: z.optional(z.iso.datetime({ offset: true })),
    }),
    response: AnyResponse,
  }),
  'GET /__mock/users/{user_id}': route({
    method: 'GET',
    path: '/__mock/users/{user_id}',
    operationId: 'mockGetUser',
    summary: 'A user’s linked accounts and history size.',
    auth: 'none',
    params: UserParams,
    response: AnyResponse,
  }),
  'POST /__mock/users/{user_id}/accounts': route({
    method: 'POST',
    path: '/__mock/users/{user_id}/accounts',
    operationId: 'mockLinkAccount',
    summary:
      'Link an account for a service (a broken or disconnected one is re-linked: same id), or set its status; sends the webhook the change causes.',
    auth: 'none',
    params: UserParams,
    body: z.strictObject({
      service: ServiceSlug,
      status: z.optional(z.string().check(z.minLength(1))),
      profile_id: z.optional(z.string().check(z.minLength(1))),
      profile_name: z.optional(z.string()),
      link_session_id: z.optional(z.string().check(z.minLength(1))),
    }),
    response: AnyResponse,
  }),
  'POST /__mock/users/{user_id}/accounts/{service}/break': route({
    method: 'POST',
    path: '/__mock/users/{user_id}/accounts/{service}/break',
    operationId: 'mockBreakAccount',
    summary: 'Break a linked account (LinkedAccountBroken is sent).',
    auth: 'none',
    params: AccountParams,
    body: z.strictObject({ reason: z.optional(z.string().check(z.minLength(1))) }),
    response: AnyResponse,
  }),
  'POST /__mock/users/{user_id}/accounts/{service}/repair': route({
    method: 'POST',
    path: '/__mock/users/{user_id}/accounts/{service}/repair',
    operationId: 'mockRepairAccount',
    summary: 'Repair a broken account as the service would by itself (LinkedAccountRepaired is sent).',
    auth: 'none',
    params: AccountParams,
    body: z.strictObject({}),
    response: AnyResponse,
  }),
  'POST /__mock/users/{user_id}/accounts/{service}/disconnect': route({
    method: 'POST',
    path: '/__mock/users/{user_id}/accounts/{service}/disconnect',
    operationId: 'mockDisconnectAccount',
    summary: 'Disconnect an account with the user’s choice (LinkedAccountDisconnected is sent).',
    auth: 'none',
    params: AccountParams,
    body: z.strictObject({ keep_data: z.boolean() }),
    response: AnyResponse,
  }),
  'POST /__mock/webhook/events': route({
    method: 'POST',
    path: '/__mock/webhook/events',
    operationId: 'mockFireWebhook',
    summary:
      'Deliver any webhook now: `type`, `user_id` and its fields (`id`, `occurred_at` filled in); a known type is checked against its schema, an unknown one is sent as is.',
    auth: 'none',
    body: z.looseObject({ type: z.string().check(z.minLength(1)), user_id: z.string().check(z.minLength(1)) }),
    response: AnyResponse,
  }),
  'PUT /__mock/services/{service}': route({
    method: 'PUT',
    path: '/__mock/services/{service}',
    operationId: 'mockSetServiceAvailability',
    summary:
      'Open or close a catalog service to new links (`link_available`); the test extension then refuses to link it with `service-unavailable`.',
    auth: 'none',
    params: z.object({ service: ServiceSlug }),
    body: z.strictObject({ link_available: z.boolean() }),
    response: AnyResponse,
  }),
  'POST /__mock/link-faults': route({
    method: 'POST',
    path: '/__mock/link-faults',
    operationId: 'mockAddLinkFault',
    summary: 'Make the test extension’s next link fail at `step` with `reason` (a bridge error code).',
    auth: 'none',
    body: z.strictObject({
      step: LinkFaultStep,
      reason: z.string().check(z.minLength(1)),
      message: z.optional(z.string()),
      times: z.optional(z.int().check(z.minimum(1))),
    }),
    response: AnyResponse,
  }),
  'DELETE /__mock/link-faults': route({
    method: 'DELETE',
    path: '/__mock/link-faults',
    operationId: 'mockClearLinkFaults',
    summary: 'Remove every pending link fault.',
    auth: 'none',
    response: AnyResponse,
  }),
  'POST /__mock/link-faults/take': route({
    method: 'POST',
    path: '/__mock/link-faults/take',
    operationId: 'mockTakeLinkFault',
    summary: 'The test extension’s read: the pending fault for `step`, used up, or null.',
    auth: 'none',
    body: z.strictObject({ step: LinkFaultStep }),
    response: AnyResponse,
  }),
  'DELETE /__mock/users/{user_id}/accounts/{service}': route({
    method: 'DELETE',
    path: '/__mock/users/{user_id}/accounts/{service}',
    operationId: 'mockUnlinkAccount',
    summary: 'Unlink the account of a service.',
    auth: 'none',
    params: z.object({ user_id: z.string(), service: ServiceSlug }),
    response: AnyResponse,
  }),
  'GET /__mock/clock': route({
    method: 'GET',
    path: '/__mock/clock',
    operationId: 'mockGetClock',
    summary: 'The fake’s current time.',
    auth: 'none',
    response: AnyResponse,
  }),
  'POST /__mock/clock': route({
    method: 'POST',
    path: '/__mock/clock',
    operationId: 'mockSetClock',
    summary: 'Advance the clock by `advance_ms`, or set it to `now`.',
    auth: 'none',
    body: z.strictObject({
      advance_ms: z.optional(z.int().check(z.minimum(0))),
      now: z.optional(z.iso.datetime({ offset: true })),
    }),
    response: AnyResponse,
  }),
  'POST /__mock/tokens/expire': route({
    method: 'POST',
    path: '/__mock/tokens/expire',
    operationId: 'mockExpireTokens',
    summary:
      'Expire every access token now (of one user when `user_id` is given); with `refresh: true` their refresh tokens too, so a renewal is refused.',
    auth: 'none',
    body: z.strictObject({ user_id: z.optional(z.string()), refresh: z.optional(z.boolean()) }),
    response: AnyResponse,
  }),
  'PUT /__mock/webhook': route({
    method: 'PUT',
    path: '/__mock/webhook',
    operationId: 'mockSetWebhook',
    summary: 'Register the webhook receiver URL, signature secret (null clears) and scheme (secret or hmac-sha256).',
    auth: 'none',
    body: z.strictObject({
      url: z.nullable(z.url()),
      secret: z.optional(z.nullable(z.string())),
      scheme: z.optional(z.enum(['secret', 'hmac-sha256'])),
    }),
    response: AnyResponse,
  }),
  'GET /__mock/webhook/deliveries': route({
    method: 'GET',
    path: '/__mock/webhook/deliveries',
    operationId: 'mockListDeliveries',
    summary: 'Webhook deliveries so far (event, url, receiver status).',
    auth: 'none',
    response: AnyResponse,
  }),
  'POST /__mock/faults': route({
    method: 'POST',
    path: '/__mock/faults',
    operationId: 'mockAddFault',
    summary: 'Make the next `times` requests to `route` fail (status, reset, truncate, drift, delay).',
    auth: 'none',
    body: FaultFields,
    response: AnyResponse,
  }),
  'DELETE /__mock/faults': route({
    method: 'DELETE',
    path: '/__mock/faults',
    operationId: 'mockClearFaults',
    summary: 'Remove every pending fault.',
    auth: 'none',
    response: AnyResponse,
  }),
  'POST /__mock/users/{user_id}/files': route({
    method: 'POST',
    path: '/__mock/users/{user_id}/files',
    operationId: 'mockPostFile',
    summary: 'Post a data file (initial, delta or user) and deliver its webhook.',
    auth: 'none',
    params: UserParams,
    body: z.strictObject({
      type: z.enum(['initial', 'delta', 'user']),
      records: z.optional(z.int().check(z.minimum(1), z.maximum(100_000))),
      reason: z.optional(z.string()),
    }),
    response: AnyResponse,
  }),
  'GET /__mock/stats': route({
    method: 'GET',
    path: '/__mock/stats',
    operationId: 'mockStats',
    summary:
      'Counters: requests per route, pairs issued, renewed and refused (spent refresh tokens, uses of renewed pairs), refreshes accepted.',
    auth: 'none',
    response: AnyResponse,
  }),
  'POST /__mock/reset': route({
    method: 'POST',
    path: '/__mock/reset',
    operationId: 'mockReset',
    summary:
      'Put the mock back as it started (users, clock, tokens, faults, webhook target and deliveries, counters; the CMS store too when both fakes are served), once the webhooks already scheduled went out.',
    auth: 'none',
    body: z.strictObject({}),
    response: AnyResponse,
  }),
});

function userSnapshot(ctx: FakeContext, userId: string) {
  const user = ctx.users.get(userId);
  if (!user) return undefined;
  return {
    user_id: user.id,
    accounts: [...user.accounts.values()],
    readable_services: readableServices(user),
    linked_accounts: [...user.accounts.values()].filter((a) => a.status !== 'disconnected').length,
    history_entries: user.history.size + user.appended.length,
  };
}

/** The router of the control routes. */
export function createControlRouter(ctx: FakeContext): Router {
  // Break, repair and disconnect act on an account the user has: 404 otherwise, nothing created.
  const withAccount = (
    params: { user_id: string; service: string },
    change: () => { account: unknown; event: unknown },
  ) => {
    if (!ctx.users.get(params.user_id)?.accounts.has(params.service))
      return partnerError(
        404,
        'account_not_found',
        `User ${params.user_id} has no linked account for ${params.service}`,
      );
    const { account, event } = change();
    return json({ account, event: event ?? null });
  };
  return createRouter({
    table: partnerControlRoutes,
    invalid: (_route, part, issues) => invalidRequest('invalid_request', part, issues),
    unsupportedBody: unsupportedMediaType,
    // A mistyped control route must not pass for a working set-up: 400, naming it and the known ones.
    notFound: (request) =>
      partnerError(
        400,
        'unknown_control_route',
        `No mock control route ${request.method} ${new URL(request.url).pathname}; the control routes are: ${Object.keys(partnerControlRoutes).join(', ')}`,
      ),
    implementations: {
      'POST /__mock/users': ({ body }) => {
        const user = ctx.users.upsert(body);
        return json(userSnapshot(ctx, user.id), 201);
      },
      'GET /__mock/users/{user_id}': ({ params }) => {
        const snapshot = userSnapshot(ctx, params.user_id);
        return snapshot ? json(snapshot) : partnerError(404, 'user_not_found', `No user ${params.user_id}`);
      },
      'POST /__mock/users/{user_id}/accounts': ({ params, body }) => {
        const { account, relinked } = changeAccount(ctx, params.user_id, body);
        return json({ ...account, relinked }, 201);
      },
      'POST /__mock/users/{user_id}/accounts/{service}/break': ({ params, body }) =>
        withAccount(params, () => changeAccount(ctx, params.user_id, { ...params, status: 'broken', ...body })),
      'POST /__mock/users/{user_id}/accounts/{service}/repair': ({ params }) =>
        withAccount(params, () => changeAccount(ctx, params.user_id, { ...params, status: 'active' })),
      'POST /__mock/users/{user_id}/accounts/{service}/disconnect': ({ params, body }) =>
        withAccount(params, () => changeAccount(ctx, params.user_id, { ...params, status: 'disconnected', ...body })),
      'POST /__mock/webhook/events': async ({ body }) => {
        const event = { id: ctx.webhooks.nextId(), occurred_at: new Date(ctx.clock.now()).toISOString(), ...body };
        const known = KNOWN_WEBHOOK_EVENT_TYPES.find((type) => type === body.type);
        const checked = known === undefined ? undefined : WEBHOOK_EVENT_SCHEMAS[known].safeParse(event);
        if (checked && !checked.success)
          return invalidRequest('invalid_event', `${body.type} event`, toRouteIssues(checked.error.issues, event));
        const delivery = await ctx.webhooks.deliver(event);
        return json(delivery, 201);
      },
      'PUT /__mock/services/{service}': ({ params, body }) => {
        const entry = ctx.services.find((s) => s.id === params.service);
        if (!entry)
          return partnerError(
            400,
            'unknown_service',
            `No service ${params.service} in the catalog; the services are: ${ctx.services.map((s) => s.id).join(', ')}`,
          );
        entry.link_available = body.link_available;
        return json(entry);
      },
      'POST /__mock/link-faults': ({ body }) => {
        ctx.linkFaults.add(body);
        return json({ pending: ctx.linkFaults.list().length }, 201);
      },
      'DELETE /__mock/link-faults': () => {
        ctx.linkFaults.clear();
        return json({ pending: 0 });
      },
      'POST /__mock/link-faults/take': ({ body }) => json({ fault: ctx.linkFaults.take(body.step) ?? null }),
      'DELETE /__mock/users/{user_id}/accounts/{service}': ({ params }) =>
        ctx.users.unlink(params.user_id, params.service)
          ? json({ deleted: true })
          : partnerError(404, 'account_not_found', `No linked account for service ${params.service}`),
      'GET /__mock/clock': () => json({ now: new Date(ctx.clock.now()).toISOString(), now_ms: ctx.clock.now() }),
      'POST /__mock/clock': ({ body }) => {
        if (body.now !== undefined) ctx.clock.set(Date.parse(body.now));
        if (body.advance_ms !== undefined) ctx.clock.advance(body.advance_ms);
        return json({ now: new Date(ctx.clock.now()).toISOString(), now_ms: ctx.clock.now() });
      },
      'POST /__mock/tokens/expire': ({ body }) => {
        const expired = ctx.tokens.expire(body.user_id);
        if (!body.refresh) return json({ expired });
        return json({ expired, refresh_expired: ctx.tokens.revokeRefresh(body.user_id) });
      },
      'PUT /__mock/webhook': ({ body }) => {
        ctx.webhooks.url = body.url ?? undefined;
        if (body.secret !== undefined) ctx.webhooks.secret = body.secret ?? undefined;
        if (body.scheme !== undefined) ctx.webhooks.scheme = body.scheme;
        return json({
          url: ctx.webhooks.url ?? null,
          signed: ctx.webhooks.secret !== undefined,
          scheme: ctx.webhooks.scheme,
        });
      },
      'GET /__mock/webhook/deliveries': () => json({ deliveries: ctx.webhooks.deliveries }),
      'POST /__mock/faults': ({ body }) => {
        // A fault aimed at no route, or doing nothing, would never fire: refuse it by name.
        const useless = uselessFault(body);
        if (useless)
          return partnerError(
            400,
            useless.code,
            useless.field === 'route' ? `Fault route ${useless.message}` : useless.message,
          );
        ctx.faults.add(body);
        return json({ pending: ctx.faults.list().length }, 201);
      },
      'DELETE /__mock/faults': () => {
        ctx.faults.clear();
        return json({ pending: 0 });
      },
      'POST /__mock/users/{user_id}/files': async ({ params, body }) => {
        // A field the type does not use is refused: ignored, a test would read a file it did not ask for.
        if (body.records !== undefined && body.type !== 'initial')
          return partnerError(
            400,
            'unused_file_field',
            `records sizes an 'initial' file only; a '${body.type}' file is not sized by it`,
          );
        if (body.reason !== undefined && body.type !== 'user')
          return partnerError(
            400,
            'unused_file_field',
            `reason is sent with a 'user' file only, not with an '${body.type}' file`,
          );
        return json(await ctx.postFile(params.user_id, body.type, { records: body.records, reason: body.reason }), 201);
      },
      'GET /__mock/stats': () =>
        json({
          requests: Object.fromEntries(ctx.stats.requests),
          tokens_issued: ctx.tokens.issued,
          tokens_renewed: ctx.tokens.renewed,
          tokens_refused: ctx.tokens.refused,
          spent_refresh_attempts: ctx.tokens.spentRefreshAttempts,
          retired_access_uses: ctx.tokens.retiredAccessUses,
          refreshes: ctx.stats.refreshes,
          linked_accounts: countLinked(ctx),
        }),
      'POST /__mock/reset': async () => {
        await ctx.reset();
        return json({ reset: true });
      },
    },
  });
}
