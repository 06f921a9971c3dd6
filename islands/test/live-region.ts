/** The app shell's empty polite live region as the server renders it (app/src/parts/app_shell.rs), in the page. */
export function serverLiveRegion(className: string): HTMLElement {
  const region = document.createElement('div');
  region.className = className;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  document.body.append(region);
  return region;
}
