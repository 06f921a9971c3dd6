import { useEffect, useState } from 'react';
import { showCarriedAlert } from '../store/alert.ts';
import { dismissAlert, useAppStore } from '../store/index.ts';
import { ALERT_LEAVE_MS, ALERT_VISIBLE_MS } from './alert-timing.ts';
import { alertTone } from './alert-tone.ts';
import { ToastIcon } from './toast-icon.tsx';

/**
 * The alert of the app shell: shows the store's alert, hides it after 3 s or when the
 * user dismisses it. The live region is always in the page (empty without an alert) so
 * that screen readers announce a message when it appears.
 */
export default function ToastAlert() {
  const alert = useAppStore((state) => state.alert);
  // The id of the alert playing its leave animation; it is removed from the store after.
  const [leavingId, setLeavingId] = useState<number | null>(null);

  // After hydration (so the server markup still matches): the previous page's last alert.
  useEffect(showCarriedAlert, []);

  useEffect(() => {
    if (alert === null) return undefined;
    const timer = setTimeout(() => setLeavingId(alert.id), ALERT_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [alert]);

  useEffect(() => {
    if (leavingId === null) return undefined;
    const timer = setTimeout(() => dismissAlert(leavingId), ALERT_LEAVE_MS);
    return () => clearTimeout(timer);
  }, [leavingId]);

  const leaving = alert !== null && leavingId === alert.id;
  const tone = alert === null ? null : alertTone(alert.type);

  return (
    <div className="isl-toast-region" role="status" aria-live="polite">
      {alert !== null && tone !== null && (
        <div
          key={alert.id}
          className={`isl-toast isl-toast--${tone}${leaving ? ' isl-toast--leaving' : ''}`}
          data-alert-type={tone}
        >
          <ToastIcon tone={tone} />
          <p className="isl-toast__message">{alert.message}</p>
          <button
            type="button"
            className="isl-toast__close"
            aria-label="Dismiss"
            onClick={() => setLeavingId(alert.id)}
          >
            <svg
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
