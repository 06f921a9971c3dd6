import { carryAlertToNextPage } from '../store/alert.ts';

/**
 * Every page change the islands make goes through here (one place for the tests to mock):
 * a full page load, as the site has no client-side router. The alert on screen goes along.
 */
export function navigate(url: string): void {
  carryAlertToNextPage();
  window.location.assign(url);
}
