/**
 * The API's base URL from the page: `<meta name="api-base" content="https://api.example">`,
 * read at each call (cheap) so that a page can set it late; without one, the page's own
 * origin (paths stay relative).
 */
export function apiBaseUrl(doc: Document | undefined = globalThis.document): string {
  const content = doc?.querySelector('meta[name="api-base"]')?.getAttribute('content')?.trim() ?? '';
  return content.replace(/\/+$/, '');
}

/** `path` (from the contract, e.g. `/api/auth/login/`) on the API's base URL. */
export function apiUrl(path: string): string {
  return apiBaseUrl() + path;
}
