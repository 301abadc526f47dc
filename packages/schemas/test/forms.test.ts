import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { cmsRoutes, FORMS_WIZARD_OUTCOMES, formsRoutes, formsUnknown } from '../src/cms/index.js';
import type { RouteDef } from '../src/route.js';
import { FORMS_EXAMPLES } from './seo-forms-examples.js';
import { keysOfRow, specRows } from './seo-forms-spec.js';

type Part = 'params' | 'query' | 'body';
const routes = formsRoutes as Record<string, RouteDef>;

const EXAMPLES = FORMS_EXAMPLES;

const parse = (key: string, part: Part, value: unknown) => {
  const schema = routes[key]?.[part];
  if (!schema) throw new Error(`${key} has no ${part} schema`);
  return z.safeParse(schema, value);
};
/** Paths of the issues of a failed parse (unknown keys are reported with their names). */
const issuePaths = (key: string, part: Part, value: unknown) => {
  const result = parse(key, part, value);
  expect(result.success, `${key} ${part} should refuse ${JSON.stringify(value)}`).toBe(false);
  return (result.error?.issues ?? []).map((i) => [...i.path, ...('keys' in i ? (i.keys as string[]) : [])].join('.'));
};

describe('forms/v1 routes against the spec table', () => {
  it('has one route per row of the spec table', () => {
    // Spec "### forms/v1 routes": 8 rows, one method and one path each: 8 routes.
    const rows = specRows('forms/v1 routes');
    expect(rows).toHaveLength(8);
    expect(Object.keys(formsRoutes)).toHaveLength(8);
    expect(new Set(rows.flatMap(keysOfRow))).toEqual(new Set(Object.keys(formsRoutes)));
  });

  it('is merged into cmsRoutes with forms metadata', () => {
    for (const [key, r] of Object.entries(routes)) {
      expect(cmsRoutes).toHaveProperty([key]);
      expect(r.namespace, key).toBe('forms');
      expect(r.notOnWordPress, key).toBe(true);
      expect(r.batchable, key).toBeUndefined();
      expect(r.operationId).toMatch(/^(forms|getForms)[A-Z]/);
      // The namespace index is public like the other namespace indexes; the wizard needs an admin.
      expect(r.auth, key).toBe(key === 'GET /forms/v1' ? 'none' : 'required');
    }
  });
});

describe('forms/v1 inputs', () => {
  it('accepts the example of every route and has one for every route that takes input', () => {
    for (const [key, r] of Object.entries(routes)) {
      for (const part of ['params', 'query', 'body'] as const) {
        const example = EXAMPLES[key]?.[part];
        if (!r[part]) {
          expect(example, `${key} takes no ${part}`).toBeUndefined();
          continue;
        }
        expect(example, `${key} ${part} example`).toBeDefined();
        expect(parse(key, part, example).error?.issues, key).toBeUndefined();
        expect(issuePaths(key, part, { ...(example as object), not_a_param: 1 })).toContain('not_a_param');
      }
    }
  });

  it('complete: outcome is build (default), import, exit or forms', () => {
    const key = 'POST /forms/v1/setup-wizard/complete';
    expect(FORMS_WIZARD_OUTCOMES).toEqual(['build', 'import', 'exit', 'forms']);
    for (const outcome of FORMS_WIZARD_OUTCOMES) expect(parse(key, 'body', { outcome }).success).toBe(true);
    expect(parse(key, 'body', {}).data).toEqual({ outcome: 'build' });
    for (const outcome of ['done', 'Build', 1]) expect(issuePaths(key, 'body', { outcome })).toEqual(['outcome']);
  });

  it('install-plugins: plugins is an array of strings, empty by default', () => {
    const key = 'POST /forms/v1/setup-wizard/install-plugins';
    expect(parse(key, 'body', {}).data).toEqual({ plugins: [] });
    expect(issuePaths(key, 'body', { plugins: [1] })).toEqual(['plugins.0']);
    expect(issuePaths(key, 'body', { plugins: 'wpforms-lite' })).toEqual(['plugins']);
  });

  it('license/verify: key is a required string', () => {
    const key = 'POST /forms/v1/setup-wizard/license/verify';
    expect(issuePaths(key, 'body', {})).toEqual(['key']);
    expect(issuePaths(key, 'body', { key: 123 })).toEqual(['key']);
  });

  it('namespace index: context defaults to view and is an enum', () => {
    expect(parse('GET /forms/v1', 'query', {}).data).toEqual({ context: 'view' });
    expect(issuePaths('GET /forms/v1', 'query', { context: 'full' })).toEqual(['context']);
  });
});

describe('forms/v1 responses', () => {
  it('parse any body, since the spec shows none', () => {
    for (const [key, r] of Object.entries(routes)) {
      if (key === 'GET /forms/v1') continue;
      expect(r.response, key).toBe(formsUnknown);
      for (const body of [{ success: true, data: { step: 2 } }, 'ok', [], false, null])
        expect(z.safeParse(r.response, body).success, key).toBe(true);
    }
    const index = routes['GET /forms/v1']?.response;
    expect(z.safeParse(index!, { namespace: 'forms/v1', routes: {}, extra: 1 }).success).toBe(true);
  });
});
