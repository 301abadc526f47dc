// What `import { ... } from '@viewlink/partner'` offers: the API, not the text and option lists
// its modules share among themselves (each would complete in every import from the package).
import { describe, expect, it } from 'vitest';
import * as partner from '../src/index.js';

describe('the entry point', () => {
  it.each(['RAW_BODY_HELP', 'READ_FILE_OPTION_NAMES'])('does not offer %s', (name) => {
    expect(Object.keys(partner)).not.toContain(name);
  });

  it('still offers what those modules are for', () => {
    expect(Object.keys(partner)).toEqual(
      expect.arrayContaining(['DataFiles', 'DataFileReader', 'WebhookBodyError', 'WebhookVerificationError']),
    );
  });
});
