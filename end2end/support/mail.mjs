// The server's mail as a person's mail client would show it. A server without SMTP_URL writes
// each mail as an .eml file under `$DATA_DIR/mail/` (named by the time it was written; a file
// being written is a hidden `.name.partial` first), which is where the tests read it.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The header block and the body of a message (or of one MIME part). */
function split(source) {
  const match = /\r?\n\r?\n/.exec(source);
  return match === null ? [source, ''] : [source.slice(0, match.index), source.slice(match.index + match[0].length)];
}

/** Headers by lower-cased name (folded lines joined, RFC 2047 words decoded); the last of a repeated name wins. */
function headersOf(head) {
  const headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** The headers of an .eml file: names lower-cased, folded lines joined, encoded words decoded. */
export function mailHeaders(source) {
  return headersOf(split(source)[0]);
}

/** RFC 2047 `=?charset?B|Q?...?=` words, as a mail client shows them. */
export function decodeEncodedWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, charset, encoding, text) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

/** A parameter of a header value (`boundary`, `charset`), unquoted. */
function parameter(value, name) {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value ?? '');
  return match === null ? null : match[1];
}

/** A part's body as text, its transfer encoding undone. */
function decodeBody(body, headers) {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = (parameter(headers.get('content-type'), 'charset') ?? 'utf-8').toLowerCase();
  let bytes;
  if (encoding === 'base64') {
    bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  } else if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    bytes = Buffer.from(joined.replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  } else {
    bytes = Buffer.from(body, 'utf8');
    return bytes.toString('utf8');
  }
  return new TextDecoder(charset).decode(bytes);
}

/** Every leaf part of a message: `[{ type, text }]`, bodies decoded. */
function leafParts(source) {
  const [head, body] = split(source);
  const headers = headersOf(head);
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = parameter(headers.get('content-type'), 'boundary');
  if (type.startsWith('multipart/') && boundary !== null) {
    const parts = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    // The preamble (before the first boundary) and the epilogue (after the last) are not parts.
    return parts.slice(1, -1).flatMap(leafParts);
  }
  return [{ type: type.split(';')[0].trim(), text: decodeBody(body, headers) }];
}

/** The plain-text body of a mail (its first text/plain part), decoded. */
export function mailText(source) {
  const plain = leafParts(source).find((part) => part.type === 'text/plain');
  if (plain === undefined) throw new Error('the mail has no text/plain part');
  return plain.text;
}

/** The mail files under `$dataDir/mail/`, oldest first (hidden partial files left out). */
export function mailFiles(dataDir) {
  const dir = join(dataDir, 'mail');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort() : [];
}

/**
 * Waits for the newest mail under `$dataDir/mail/` written after the file `notBefore` (a name
 * from `mailFiles`, '' for any) for which `matches({ name, source, headers })` is true, and
 * returns `{ name, source, headers, text }`. Fails after `timeout` ms, listing what came.
 */
export async function waitForMail(dataDir, matches, { notBefore = '', timeout = 30_000, what = 'the mail' } = {}) {
  const deadline = Date.now() + timeout;
  let seen = [];
  for (;;) {
    seen = [];
    for (const name of mailFiles(dataDir).filter((file) => file > notBefore).reverse()) {
      const source = readFileSync(join(dataDir, 'mail', name), 'utf8');
      const headers = mailHeaders(source);
      seen.push(`${name} to ${headers.get('to')}: ${headers.get('subject')}`);
      const mail = { name, source, headers };
      if (matches(mail)) return { ...mail, text: mailText(source) };
    }
    if (Date.now() >= deadline) break;
    await sleep(200);
  }
  throw new Error(`${what} did not arrive under ${join(dataDir, 'mail')} within ${timeout} ms; mail written: ${seen.join('; ') || 'none'}`);
}

/**
 * The 6-digit code (a line of its own in the text body) of the newest mail to `address` under
 * `$dataDir/mail/` written after the file `notBefore`, waiting for it.
 */
export async function emailedCode(dataDir, address, notBefore = '') {
  const mail = await waitForMail(dataDir, ({ headers }) => (headers.get('to') ?? '').toLowerCase().includes(address.toLowerCase()), {
    notBefore,
    what: `a mail to ${address}`,
  });
  const code = /^\s*(\d{6})\s*$/m.exec(mail.source);
  if (code === null) throw new Error(`the newest mail to ${address} (${mail.name}) has no line holding a 6-digit code`);
  return code[1];
}
