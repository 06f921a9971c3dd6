import { vi } from 'vitest';

/**
 * An XMLHttpRequest double for uploads: records what was sent; the test then reports
 * progress and answers with `respond`.
 */
export class FakeXhr extends EventTarget {
  static instances: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly requestHeaders: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown = undefined;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name.toLowerCase()] = value;
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    const event = new Event('progress') as Event & { lengthComputable: boolean; loaded: number; total: number };
    Object.assign(event, { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }

  respond(status: number, body?: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  fail(): void {
    this.dispatchEvent(new Event('error'));
  }

  static install(): void {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances[FakeXhr.instances.length - 1];
    if (xhr === undefined) throw new Error('no XMLHttpRequest was made');
    return xhr;
  }
}
