/**
 * The steps of `media.upload` and `media.edit`: the upload body built from a file, the edit's
 * checks and deprecation warning. Loaded on the first upload or edit (resources/media.ts), so a
 * page that never uploads does not carry them.
 */
import { type MethodCall, ValidationError } from '@viewlink/transport';
import { callOptions } from '../core/call-options.js';
import type { CmsRouteKey } from '../core/routes.js';
import { toUploadBody } from '../core/uploads.js';
import type { MediaUploadOptions } from '../resources/media.js';
import type { CmsMethodDefinition, MethodSupport } from '../resources/resource.js';

type Call = MethodCall<CmsRouteKey, CmsMethodDefinition>;

const DEPRECATED_EDIT_FIELDS = ['rotation', 'x', 'y', 'width', 'height'] as const;

/** `media.upload`: the file sent raw with its name and type, never retried. */
export function upload({ definition, input, options, callSite }: Call, { send }: MethodSupport): Promise<unknown> {
  const given: MediaUploadOptions = options ?? {};
  const upload = toUploadBody(input.body, given);
  const base = callOptions(given, callSite);
  return send(
    definition.route,
    { body: upload.body },
    { ...base, headers: { ...base.headers, ...upload.headers }, retry: false },
  );
}

/** `media.edit`: at least one modifier, deprecated fields warned about. */
export function edit(
  { definition, input, options, callSite }: Call,
  { send, deprecated }: MethodSupport,
): Promise<unknown> {
  // null from an untyped caller: an edit without modifiers, refused below as such.
  const fields = new Map<string, unknown>(
    typeof input.body === 'object' && input.body !== null ? Object.entries(input.body) : [],
  );
  const modifiers = fields.get('modifiers');
  if (Array.isArray(modifiers) && modifiers.length === 0) {
    throw new ValidationError('media.edit()', [{ path: ['modifiers'], message: 'must contain at least 1 modifier' }]);
  }
  const used = DEPRECATED_EDIT_FIELDS.filter((name) => fields.get(name) !== undefined);
  // WordPress answers 400 rest_image_not_edited to an edit that changes nothing.
  if (modifiers === undefined && used.length === 0) {
    throw new ValidationError('media.edit()', [
      { path: ['modifiers'], message: 'are required: at least 1 modifier (flip, rotate or crop)' },
    ]);
  }
  if (used.length > 0) {
    deprecated(
      `media.edit(): ${used.join(', ')} ${used.length === 1 ? 'is' : 'are'} deprecated; use modifiers ([{ type: 'rotate', args: { angle } }] or [{ type: 'crop', args: { left, top, width, height } }])`,
    );
  }
  return send(definition.route, input, callOptions(options, callSite));
}
