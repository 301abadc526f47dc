/**
 * UTF-8 for runtimes without `TextDecoder` (Hermes, React Native's engine): a strict decoder for
 * 2xx bodies and a lenient one for error bodies, each chosen once at load (send.ts), and the
 * UTF-8 size of a string a platform already decoded (React Native's fetch has no body stream).
 */

import { BROWSER_BUILD } from '../../internal/browser-build.js';

/** The `decode` of a `TextDecoder`: throws on invalid UTF-8 when strict, else writes U+FFFD for it. */
interface Utf8Decoder {
  decode(bytes: ArrayBuffer | Uint8Array): string;
}

/**
 * `new TextDecoder('utf-8', { fatal: strict })` where the runtime has one, else {@link decodeUtf8}
 * with the same rule. Every browser has one, so the browser build drops the fallback.
 */
export function utf8Decoder(strict: boolean): Utf8Decoder {
  if (BROWSER_BUILD || typeof TextDecoder === 'function')
    return strict ? new TextDecoder('utf-8', { fatal: true }) : new TextDecoder();
  return { decode: (bytes) => decodeUtf8(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), strict) };
}

/**
 * Decodes UTF-8 bytes (a BOM dropped) as `TextDecoder` does. `strict`: an invalid sequence throws
 * a `TypeError`; else each maximal invalid part becomes one U+FFFD (the Encoding Standard's rule).
 */
function decodeUtf8(bytes: Uint8Array, strict: boolean): string {
  const units: number[] = [];
  let text = '';
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length) {
    const lead = bytes[at] as number;
    // Continuation bytes still needed, the code point so far, and the second byte's range (it
    // rules out overlong forms, surrogates and code points past U+10FFFF).
    let need = 0;
    let code = lead;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
      need = 1;
      code = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      code = lead & 0x0f;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      code = lead & 0x07;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    }
    let taken = 1;
    for (; taken <= need; taken++) {
      const next = bytes[at + taken];
      if (next === undefined || next < low || next > high) break;
      code = (code << 6) | (next & 0x3f);
      low = 0x80;
      high = 0xbf;
    }
    // Invalid: a byte that cannot lead (need 0), or a sequence cut short.
    if (lead >= 0x80 && (need === 0 || taken <= need)) {
      if (strict) throw new TypeError('The encoded data was not valid for encoding utf-8');
      code = 0xfffd;
    }
    if (code > 0xffff) units.push(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff));
    else units.push(code);
    at += taken;
    // In slices: String.fromCharCode takes its arguments on the stack.
    if (units.length >= 8192) {
      text += String.fromCharCode(...units);
      units.length = 0;
    }
  }
  return text + String.fromCharCode(...units);
}

/** How many bytes `text` takes in UTF-8 (a lone surrogate as U+FFFD's 3). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: 2 units, 4 bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
