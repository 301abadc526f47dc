/**
 * The wire contract docs/partner-webhooks.md gives backends without the SDK ("Verifying in another
 * language"): its test vector is signed and verified by the SDK here, each rule it lists is what
 * the SDK does, and the Python and PHP samples check themselves against that same vector. Neither
 * language runs in CI: the samples were run by hand against every case below.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signWebhookForTest, verifyWebhook } from '../src/webhooks/index.js';

const guide = readFileSync(join(import.meta.dirname, '../../../docs/partner-webhooks.md'), 'utf8');
const section = guide.slice(
  guide.indexOf('## Verifying in another language'),
  guide.indexOf('## Testing your receiver'),
);

/** The fenced block of `language` in the section. */
function block(language: string): string {
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\``).exec(section);
  if (!match?.[1]) throw new Error(`no \`\`\`${language} block in "Verifying in another language"`);
  return match[1];
}

const vector = Object.fromEntries(
  block('text')
    .split('\n')
    .map((line) => /^(\w+):\s+(.*)$/.exec(line)?.slice(1, 3) as [string, string]),
) as { secret: string; t: string; body: string; Signature: string };
const t = Number(vector.t);

/** What the SDK says of a signature: 'OK' or its reason. */
async function verdict(
  header: string | undefined,
  options: { body?: string; secrets?: string[]; now?: number; scheme?: 'secret' | 'hmac-sha256' } = {},
): Promise<string> {
  try {
    await verifyWebhook(
      { body: options.body ?? vector.body, headers: header === undefined ? {} : { signature: header } },
      {
        secret: options.secrets ?? [vector.secret],
        scheme: options.scheme ?? 'hmac-sha256',
        now: () => (options.now ?? t + 10) * 1000,
      },
    );
    return 'OK';
  } catch (error) {
    return (error as { reason: string }).reason;
  }
}

describe('the webhook wire contract for other languages (docs/partner-webhooks.md)', () => {
  it('the test vector is what the SDK signs, and passes and fails where the guide says', async () => {
    expect(vector.secret).toBe('whsec_test_vector');
    const signed = await signWebhookForTest(vector.body, {
      secret: vector.secret,
      scheme: 'hmac-sha256',
      timestamp: t * 1000,
    });
    expect(signed.headers.signature).toBe(vector.Signature);
    expect(await verdict(vector.Signature)).toBe('OK');
    expect(await verdict(vector.Signature, { now: t + 300 })).toBe('OK');
    expect(await verdict(vector.Signature, { now: t + 301 })).toBe('timestamp_out_of_tolerance');
    expect(await verdict(vector.Signature, { now: t - 301 })).toBe('timestamp_out_of_tolerance');
    expect(await verdict(vector.Signature, { body: vector.body.replace('ref_1', 'ref_2') })).toBe('invalid_signature');
    expect(await verdict(vector.Signature, { secrets: ['another'] })).toBe('invalid_signature');
    expect(await verdict(vector.Signature, { secrets: ['another', vector.secret] })).toBe('OK');
  });

  it('each parsing rule the guide lists is the SDK’s', async () => {
    const hex = vector.Signature.split('v1=')[1] as string;
    const wrong = '0'.repeat(64);
    for (const [header, expected] of [
      [`t=${t},v1=${hex.toUpperCase()}`, 'OK'], // either case
      [`t=${t} , v1=${hex}`, 'OK'], // spaces around parts
      [`v1=${hex},t=${t}`, 'OK'], // any order
      [`t=${t},v1=${wrong},v1=${hex}`, 'OK'], // several v1: any may match
      [`t=${t},v1=${hex},v2=future`, 'OK'], // other keys ignored
      [`t=${t},t=${t},v1=${hex}`, 'malformed_signature'], // t once
      [`t=12a,v1=${hex}`, 'malformed_signature'], // t digits only
      [`t=1${'0'.repeat(12)},v1=${hex}`, 'malformed_signature'], // at most 12 digits
      [`t=${t},v1=${hex.slice(2)}`, 'malformed_signature'], // v1 is 64 hex digits
      [`t=${t},v1=${hex},junk`, 'malformed_signature'], // a part without =
      [`v1=${hex}`, 'malformed_signature'], // no t
      ['', 'missing_signature'],
    ] as const)
      expect(await verdict(header), header).toBe(expected);
    expect(await verdict(undefined)).toBe('missing_signature');
  });

  it('the secret scheme: the header is one of the secrets, compared whole', async () => {
    const secrets = ['current-secret', 'rotated-secret'];
    expect(await verdict('rotated-secret', { scheme: 'secret', secrets })).toBe('OK');
    expect(await verdict('current-secreT', { scheme: 'secret', secrets })).toBe('invalid_signature');
    expect(await verdict(vector.Signature, { scheme: 'secret', secrets })).toBe('invalid_signature');
  });

  it('the Python and PHP samples check themselves against the same vector', () => {
    const python = block('python');
    const php = block('php');
    for (const sample of [python, php]) {
      expect(sample).toContain(vector.body);
      expect(sample).toContain(vector.Signature);
      expect(sample).toContain(vector.secret);
      expect(sample).toContain(String(t + 10));
      expect(sample).toContain('> 300'); // the tolerance, both directions (abs)
    }
    expect(python).toContain('hmac.compare_digest');
    expect(php).toContain('hash_equals');
  });
});
