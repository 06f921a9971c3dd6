// @vitest-environment node
// The server bundle as the Rust server uses it: evaluated with no host globals at all, in a
// fresh QuickJS context (QuickJS-NG is what rquickjs 0.14 embeds; bellard's QuickJS too, for
// good measure), then in an empty V8 context.
import quickjsNgVariant from '@jitl/quickjs-ng-wasmfile-release-sync';
import { newQuickJSWASMModule, RELEASE_SYNC, type QuickJSContext } from 'quickjs-emscripten';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { clientOnlyIslandNames, islandNames, serverTemplates } from '../build.mjs';
import { loadServerBundle } from './server-bundle.ts';

const ISLAND_MARKERS: Record<string, string> = {
  'account-data': 'Download my data',
  // Renders nothing at all: it only acts in the browser.
  'member-guard': '',
  'login-form': '"current-password"',
  'register-form': 'name="phone_number"',
  'verify-form': '"one-time-code"',
  'forgot-password-form': 'action="/user/forgot-password"',
  'change-password-form': 'name="current_password"',
  'profile-editor': 'href="/user/login?redirect=%2Fuser%2Fprofile"',
  // Render nothing on the server: the page's own <noscript> speaks for them until hydrated.
  'notifications-list': '',
  // Render nothing on the server: the page's <noscript> says what they need.
  'booking-list': '',
  'payment-checkout': '',
  'payment-outcome': '',
  'payment-list': '',
  'bookmark-list': '',
  'message-threads': '',
  'job-application-list': '',
  'my-job-posts': '',
  'provider-schedule': '',
  'move-booking': '',
  // The whole form or control as a visitor sees it; what only JavaScript can send says so.
  'review-form': 'href="/user/login?redirect=%2Fservices%2Fdetails%3Fid%3D12"',
  'bookmark-toggle': 'action="/bookmarks"',
  'job-apply-form': 'name="cover_letter"',
  'provider-application': 'href="/user/login?redirect=%2Fbecome-provider"',
  // Hidden but for a member, for whom the runtime shows it before React loads.
  'provider-applications': '<section class="isl-provider__applications" aria-labelledby=',
  'job-post-form': 'href="/user/login?redirect=%2Fjob-post"',
  'find-job-form': 'name="job_alerts"',
  'booking-form': 'href="/user/login?redirect=%2Fservices%2Fbook%3Fid%3D12"',
  'review-report': '>Report this review</a>',
  // The whole form, posting to the page: it works without JavaScript.
  'recruitment-form': 'name="number_of_staff"',
  'contact-form': 'name="subject"',
};

// Props as the pages give them, for the islands that take some.
const REALISTIC_PROPS: Record<string, Record<string, unknown>> = {
  'review-form': { service: 12 },
  'review-report': { review: 3, service: 12 },
  'bookmark-toggle': { service: 12, title: 'Deep clean' },
  'booking-form': { service: 12 },
  'job-apply-form': { job: 7 },
  'job-post-form': { page: '/job-post' },
  'booking-list': { refund_window_hours: 48 },
  'move-booking': { booking: 5 },
  'payment-outcome': { page: 'success' },
  'provider-application': { categories: [{ slug: 'cleaning-services', name: 'Cleaning', count: 3 }], selected: null },
};

const ENGINES = [
  { engine: 'QuickJS-NG', variant: quickjsNgVariant },
  { engine: 'QuickJS', variant: RELEASE_SYNC },
];

describe.each(ENGINES)('dist/server.js in $engine', ({ variant }) => {
  let context: QuickJSContext;

  beforeAll(async () => {
    const quickjs = await newQuickJSWASMModule(variant);
    context = quickjs.newContext();
    const evaluated = context.evalCode(inject('serverBundle'), 'server.js');
    context.unwrapResult(evaluated).dispose();
  });

  afterAll(() => context?.dispose());

  /** Calls renderIsland inside QuickJS: the HTML, or the message of what it threw. */
  function renderInQuickJs(name: string, propsJson: string, prefix: string): { html?: string; error?: string } {
    const call = `renderIsland(${JSON.stringify(name)}, ${JSON.stringify(propsJson)}, ${JSON.stringify(prefix)})`;
    const result = context.evalCode(call);
    if (result.error) {
      const error = context.dump(result.error) as { message?: string };
      result.error.dispose();
      return { error: error.message ?? String(error) };
    }
    const html = context.getString(result.value);
    result.value.dispose();
    return { html };
  }

  it('has no browser or Node globals to lean on', () => {
    const result = context.evalCode(
      "['window','document','process','TextEncoder','setTimeout','MessageChannel','queueMicrotask','console'].map(n => n + ':' + typeof globalThis[n]).join(' ')",
    );
    const globals = context.getString(context.unwrapResult(result));
    // The last five exist only because the bundle's polyfills installed them (where the
    // engine lacked them).
    expect(globals).toBe(
      'window:undefined document:undefined process:undefined TextEncoder:function setTimeout:function MessageChannel:function queueMicrotask:function console:object',
    );
  });

  it.each(islandNames())('renders %s', (name) => {
    const { html, error } = renderInQuickJs(name, JSON.stringify(REALISTIC_PROPS[name] ?? {}), `${name}-0-`);
    expect(error).toBeUndefined();
    expect(html).toContain(ISLAND_MARKERS[name] ?? '<');
    expect(html).not.toContain('<link');
  });

  it('lists as client only exactly the islands that render nothing, whatever their props', () => {
    const listed = context.getString(context.unwrapResult(context.evalCode('clientOnlyIslands.join(",")')));
    const silent = Object.keys(ISLAND_MARKERS).filter((name) => ISLAND_MARKERS[name] === '');
    expect(listed.split(',')).toEqual(silent.sort());
    expect(clientOnlyIslandNames()).toEqual(silent.sort());
    for (const name of silent) {
      const props = REALISTIC_PROPS[name] ?? {};
      expect(renderInQuickJs(name, JSON.stringify(props), `${name}-0-`)).toEqual({ html: '' });
    }
  });

  it("lists each island's serverTemplate as it declares it (the server checks the markup against React)", () => {
    const listed: unknown = JSON.parse(context.getString(context.unwrapResult(context.evalCode('JSON.stringify(islandTemplates)'))));
    expect(listed).toEqual(serverTemplates());
    expect(listed).toMatchObject({
      'bookmark-toggle': { service: 'id', job: 'id', title: 'text' },
      'review-form': { service: 'id' },
      'job-apply-form': { job: 'id' },
    });
  });

  it('renders the same HTML as V8 does', () => {
    const renderInV8 = loadServerBundle();
    for (const name of islandNames()) {
      expect(renderInQuickJs(name, '{}', `${name}-1-`).html).toBe(renderInV8(name, '{}', `${name}-1-`));
    }
  });

  it('throws on an unknown island', () => {
    expect(renderInQuickJs('no-such-island', '{}', 'x-0-').error).toBe('Unknown island: no-such-island');
  });

  it('renders many times in one context', () => {
    for (let index = 0; index < 200; index += 1) {
      expect(renderInQuickJs('login-form', '{}', `login-form-${index}-`).error).toBeUndefined();
    }
  });
});

describe('dist/server.js in an empty V8 context', () => {
  it.each(islandNames())('renders %s', (name) => {
    const html = loadServerBundle()(name, JSON.stringify(REALISTIC_PROPS[name] ?? {}), `${name}-0-`);
    expect(html).toContain(ISLAND_MARKERS[name] ?? '<');
  });

  it('throws on an unknown island', () => {
    expect(() => loadServerBundle()('nope', '{}', 'nope-0-')).toThrow('Unknown island: nope');
  });
});
