// React 19 may hoist resources (stylesheets, preloads) as <link> tags into the rendered
// HTML. Inside an island they would not match the client render, and the page already
// links the site stylesheet, so they are removed.
const LINK_TAG = /<link\b[^>]*>/gi;

export function stripLinkTags(html: string): string {
  return html.replace(LINK_TAG, '');
}
