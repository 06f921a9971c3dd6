import type { AlertTone } from './alert-tone.ts';

/** A decorative icon per tone; the message itself carries the meaning. */
export function ToastIcon({ tone }: { tone: AlertTone }) {
  return (
    <svg
      className="isl-toast__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {tone === 'success' && <path d="M20 6 9 17l-5-5" />}
      {tone === 'error' && (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="m15 9-6 6M9 9l6 6" />
        </>
      )}
      {tone === 'warning' && (
        <>
          <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
          <path d="M12 9v4M12 17h.01" />
        </>
      )}
    </svg>
  );
}
