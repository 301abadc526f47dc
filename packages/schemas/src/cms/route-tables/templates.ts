/** The template routes (a table of its own module, so a bundler that splits code keeps it apart). */
import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { one } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import {
  contextQuery,
  deletedResponse,
  deleteQuery,
  forceDeleteQuery,
  templateIdParams,
  templateRevisionParams,
} from '../common.js';
import { revisionsQuery } from '../revisions.js';
import { templateCreate, templateRecord, templatesQuery, templateWrite } from '../templates.js';

const TPL = '/cms/v2/templates/{template_id}';

/** The template routes (`theme//slug` ids), with revisions and autosaves. Part of `cmsRoutes`. */
export const templateRoutes: T.TemplateRoutes = /* @__PURE__ */ lazy(() => ({
  // Templates: the spec gives revisions and autosaves; collection and item routes come from real WordPress.
  ...one('GET', '/cms/v2/templates', {
    operationId: 'listTemplates',
    summary: 'List templates.',
    namespace: 'cms',
    query: templatesQuery,
    response: z.array(templateRecord),
    auth: 'required',
  }),
  ...one('GET', TPL, {
    operationId: 'getTemplate',
    summary: 'Get one template by `theme//slug` id.',
    namespace: 'cms',
    params: templateIdParams,
    query: contextQuery,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('POST', TPL, {
    operationId: 'updateTemplate',
    summary: 'Update a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('POST', '/cms/v2/templates', {
    operationId: 'createTemplate',
    summary: 'Create a template.',
    namespace: 'cms',
    body: templateCreate,
    response: templateRecord,
    successStatus: 201,
    auth: 'required',
  }),
  ...one('PUT', TPL, {
    operationId: 'replaceTemplate',
    summary: 'Update a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('PATCH', TPL, {
    operationId: 'patchTemplate',
    summary: 'Partially update a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('DELETE', TPL, {
    operationId: 'deleteTemplate',
    summary: 'Trash a template customisation, or delete it with force=true.',
    namespace: 'cms',
    params: templateIdParams,
    query: deleteQuery,
    response: z.union([deletedResponse(templateRecord), templateRecord]),
    auth: 'required',
  }),
  ...one('GET', `${TPL}/revisions`, {
    operationId: 'listTemplateRevisions',
    summary: 'List revisions of a template.',
    namespace: 'cms',
    params: templateIdParams,
    query: revisionsQuery,
    response: z.array(templateRecord),
    auth: 'required',
  }),
  ...one('GET', `${TPL}/revisions/{id}`, {
    operationId: 'getTemplateRevision',
    summary: 'Get one revision of a template.',
    namespace: 'cms',
    params: templateRevisionParams,
    query: contextQuery,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('DELETE', `${TPL}/revisions/{id}`, {
    operationId: 'deleteTemplateRevision',
    summary: 'Delete a template revision (force=true required).',
    namespace: 'cms',
    params: templateRevisionParams,
    query: forceDeleteQuery,
    response: deletedResponse(templateRecord),
    auth: 'required',
  }),
  ...one('GET', `${TPL}/autosaves`, {
    operationId: 'listTemplateAutosaves',
    summary: 'List autosaves of a template.',
    namespace: 'cms',
    params: templateIdParams,
    query: contextQuery,
    response: z.array(templateRecord),
    auth: 'required',
  }),
  // Not in the spec's table, but served by WordPress 6.5.5 (site index): completes list/create/get.
  ...one('GET', `${TPL}/autosaves/{id}`, {
    operationId: 'getTemplateAutosave',
    summary: 'Get one autosave of a template.',
    namespace: 'cms',
    params: templateRevisionParams,
    query: contextQuery,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('POST', `${TPL}/autosaves`, {
    operationId: 'createTemplateAutosave',
    summary: 'Autosave a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    // 200, as WordPress 6.5.5 answers (fixture template-autosave).
    auth: 'required',
  }),
}));
