/** The incremental SHA-256 used to check data files while they stream, against Web Crypto. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sha256 } from '../src/files/internal/sha256.js';

async function reference(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('incremental Sha256', () => {
  it('matches known vectors', () => {
    const hex = (text: string) => {
      const h = new Sha256();
      h.update(new TextEncoder().encode(text));
      return h.hex();
    };
    expect(hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches crypto.subtle for any bytes split into any chunks (2,000 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 700 }),
        fc.array(fc.nat(700), { maxLength: 8 }),
        async (bytes, cuts) => {
          const hash = new Sha256();
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          let last = 0;
          for (const point of [...points, bytes.length]) {
            hash.update(bytes.subarray(last, point));
            last = point;
          }
          expect(hash.hex()).toBe(await reference(new Uint8Array(bytes)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
