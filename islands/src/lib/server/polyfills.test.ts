// @vitest-environment node
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

/** The polyfills module evaluated alone in an empty V8 context, as QuickJS would run it. */
let polyfilledContext: vm.Context;
let polyfillsCode = '';

beforeAll(async () => {
  const result = await esbuild.build({
    entryPoints: [new URL('./polyfills.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    globalName: 'polyfills',
    target: 'es2020',
    write: false,
  });
  polyfillsCode = result.outputFiles[0]?.text ?? '';
  polyfilledContext = vm.createContext({});
  vm.runInContext(polyfillsCode, polyfilledContext);
});

const run = (code: string): unknown => vm.runInContext(code, polyfilledContext);

describe('QuickJS polyfills', () => {
  it('installs every missing global', () => {
    expect(
      run(
        "['TextEncoder','setTimeout','clearTimeout','MessageChannel','queueMicrotask','console'].map(n => typeof globalThis[n])",
      ),
    ).toEqual(['function', 'function', 'function', 'function', 'function', 'object']);
    expect(run("typeof console.error + typeof console.warn + typeof console.log")).toBe('functionfunctionfunction');
  });

  it('encodes UTF-8 like the platform TextEncoder', () => {
    const samples = ['', 'plain ascii', 'Café £5 — naïve', '日本語', 'emoji 😀🎉', 'lone \ud800 surrogate', 'end \udc00'];
    const native = new TextEncoder();
    for (const sample of samples) {
      const encoded = run(`Array.from(new TextEncoder().encode(${JSON.stringify(sample)}))`);
      expect(encoded).toEqual(Array.from(native.encode(sample)));
    }
    expect(run("(() => { const d = new Uint8Array(8); return new TextEncoder().encodeInto('£1', d); })()")).toEqual({
      read: 2,
      written: 3,
    });
  });

  it('queues setTimeout callbacks until the queue is run, and honours clearTimeout', () => {
    run('globalThis.calls = []; setTimeout(() => calls.push("a")); const id = setTimeout(() => calls.push("b")); clearTimeout(id);');
    expect(run('calls.length')).toBe(0);
    run('polyfills.runPendingTimers()');
    expect(run('calls')).toEqual(['a']);
  });

  it('delivers MessageChannel messages through the timer queue', () => {
    run('globalThis.received = []; const c = new MessageChannel(); c.port1.onmessage = (e) => received.push(e.data); c.port2.postMessage(7);');
    run('polyfills.runPendingTimers()');
    expect(run('received')).toEqual([7]);
  });

  it('leaves existing globals alone', () => {
    const hostTimer = (): number => 0;
    const hostConsole = { log() {}, warn() {}, error() {} };
    const context = vm.createContext({ setTimeout: hostTimer, console: hostConsole });
    vm.runInContext(polyfillsCode, context);
    expect(context.setTimeout).toBe(hostTimer);
    expect(context.console).toBe(hostConsole);
    expect(typeof context.TextEncoder).toBe('function');
  });
});
