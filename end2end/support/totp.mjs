// What an authenticator app shows: the RFC 6238 code (HMAC-SHA1, 6 digits, 30-second steps)
// of a base32 secret, written here from the RFC so the browser tests check the server's.

import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text) {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code for `secret`, `stepsAhead` 30-second steps from now. */
export function totpCode(secret, stepsAhead = 0) {
  const counter = Math.floor(Date.now() / 1000 / 30) + stepsAhead;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hash = createHmac('sha1', base32Bytes(secret)).update(message).digest();
  const offset = hash[hash.length - 1] & 0x0f;
  const number = (hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(number).padStart(6, '0');
}
