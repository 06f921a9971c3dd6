/**
 * Every page change the islands make goes through here (one place for the tests to mock):
 * a full page load, as the site has no client-side router.
 */
export function navigate(url: string): void {
  window.location.assign(url);
}
