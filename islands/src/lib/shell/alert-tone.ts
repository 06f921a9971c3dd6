import type { AlertType } from '../store/app-state.ts';

export type AlertTone = 'error' | 'success' | 'warning';

/** `error` and `success` keep their look; every other type is shown as a warning. */
export function alertTone(type: AlertType): AlertTone {
  if (type === 'error') return 'error';
  if (type === 'success') return 'success';
  return 'warning';
}
