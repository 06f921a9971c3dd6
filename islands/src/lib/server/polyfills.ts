// The few browser globals React's server renderer touches, for an embedded QuickJS engine
// (rquickjs) that has none of them. Each is installed only when missing, so the same bundle
// also runs unchanged in Node, a browser or a test's vm context. This module must be the
// first import of the server entry: react-dom/server creates a TextEncoder and a
// MessageChannel while its module initialises.

type Callback = (...args: unknown[]) => void;

const scope = globalThis as Record<string, unknown>;

/** Callbacks given to setTimeout, run by `runPendingTimers` once a render is done. */
const pendingTimers = new Map<number, Callback>();
let nextTimerId = 1;

/** Runs the callbacks queued with setTimeout (and those they queue), at most `limit` of them. */
export function runPendingTimers(limit = 1000): void {
  let ran = 0;
  while (pendingTimers.size > 0 && ran < limit) {
    const [id, callback] = pendingTimers.entries().next().value as [number, Callback];
    pendingTimers.delete(id);
    ran += 1;
    try {
      callback();
    } catch {
      // A late callback has nobody to report to; the render itself already returned.
    }
  }
  // Whatever is left past the limit would only grow across renders.
  pendingTimers.clear();
}

/** UTF-8 encoder with the two methods React uses. */
class Utf8Encoder {
  readonly encoding = 'utf-8';

  encode(input = ''): Uint8Array {
    const bytes: number[] = [];
    for (let index = 0; index < input.length; index += 1) {
      let codePoint = input.charCodeAt(index);
      // Join a surrogate pair into one code point; a lone surrogate becomes U+FFFD.
      if (codePoint >= 0xd800 && codePoint <= 0xdbff) {
        const next = index + 1 < input.length ? input.charCodeAt(index + 1) : 0;
        if (next >= 0xdc00 && next <= 0xdfff) {
          codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
          index += 1;
        } else {
          codePoint = 0xfffd;
        }
      } else if (codePoint >= 0xdc00 && codePoint <= 0xdfff) {
        codePoint = 0xfffd;
      }
      if (codePoint < 0x80) {
        bytes.push(codePoint);
      } else if (codePoint < 0x800) {
        bytes.push(0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f));
      } else if (codePoint < 0x10000) {
        bytes.push(0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f));
      } else {
        bytes.push(
          0xf0 | (codePoint >> 18),
          0x80 | ((codePoint >> 12) & 0x3f),
          0x80 | ((codePoint >> 6) & 0x3f),
          0x80 | (codePoint & 0x3f),
        );
      }
    }
    return new Uint8Array(bytes);
  }

  encodeInto(input: string, destination: Uint8Array): { read: number; written: number } {
    // Whole-string only: enough for React, which always passes a large enough view.
    const encoded = this.encode(input);
    const written = Math.min(encoded.length, destination.length);
    destination.set(encoded.subarray(0, written));
    return { read: written === encoded.length ? input.length : 0, written };
  }
}

/** A MessageChannel whose messages are delivered through the setTimeout queue. */
class QueuedMessagePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  other: QueuedMessagePort | null = null;

  postMessage(data: unknown): void {
    const receiver = this.other;
    (scope.setTimeout as (callback: Callback) => number)(() => receiver?.onmessage?.({ data }));
  }

  close(): void {
    this.onmessage = null;
  }
}

class QueuedMessageChannel {
  readonly port1 = new QueuedMessagePort();
  readonly port2 = new QueuedMessagePort();

  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}

function installIfMissing(name: string, value: unknown): void {
  if (typeof scope[name] === 'undefined') scope[name] = value;
}

installIfMissing('TextEncoder', Utf8Encoder);
installIfMissing('setTimeout', (callback: Callback): number => {
  const id = nextTimerId;
  nextTimerId += 1;
  if (typeof callback === 'function') pendingTimers.set(id, callback);
  return id;
});
installIfMissing('clearTimeout', (id: number): void => {
  pendingTimers.delete(id);
});
installIfMissing('MessageChannel', QueuedMessageChannel);
installIfMissing('queueMicrotask', (callback: () => void): void => {
  void Promise.resolve().then(callback);
});
const noop = (): void => {};
installIfMissing('console', { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop });
