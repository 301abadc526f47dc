/**
 * The data-file checksum, computed while the file streams. Web Crypto only digests whole
 * buffers, so the incremental SHA-256 comes from `@noble/hashes` (audited, pure JavaScript:
 * the same code on Node, Deno, Bun, workerd and browsers).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** A pass-through stream that hashes what flows through it; `hex()` is set once the stream ends. */
export function sha256Stream(): { stream: TransformStream<Uint8Array, Uint8Array>; hex: () => string | undefined } {
  const hash = sha256.create();
  let hex: string | undefined;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      hex = bytesToHex(hash.digest());
    },
  });
  return { stream, hex: () => hex };
}
