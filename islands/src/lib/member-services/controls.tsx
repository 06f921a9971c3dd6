// Form parts of the member's marketplace islands that the account forms do not have, in the
// same style (.field, the server's error under the control).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SubmitButton } from '../account/form-controls.tsx';
import { loginUrlReturningTo } from '../navigation/redirect.ts';
import { isShownTo, MEMBER_FIELDS_CLASS } from './audience.ts';

/** The login page's address that comes back to `path` (path and query) after signing in. */
function loginReturningTo(path: string): string {
  const [pathname, query = ''] = path.split('?');
  return loginUrlReturningTo({ pathname: pathname ?? path, search: query === '' ? '' : `?${query}`, hash: '' });
}

/** Why to sign in, and a way to sign in that comes back to `path` (path and query). */
export function SignInNotice({ message, path }: { message: string; path: string }) {
  return (
    <div className="notice">
      <p>{message}</p>
      <p className="notice-actions">
        <a className="button button--primary" href={loginReturningTo(path)}>
          Sign in
        </a>
        <a href="/user/register">Create an account</a>
      </p>
    </div>
  );
}

/**
 * The fields of a form only a member sends, disabled for anyone else. The server renders them
 * (so a visitor, with JavaScript or not, sees what the form asks) for a visitor: nobody's
 * session is known there; the runtime enables them for a member before React loads.
 */
export function MemberFields({ member, children }: { member: boolean; children: ReactNode }) {
  return (
    <fieldset className={MEMBER_FIELDS_CLASS} disabled={!member}>
      {children}
    </fieldset>
  );
}

/**
 * The end of a form only a member sends: its submit button for a member; for anyone else, in
 * the same room (one button's height), a way to sign in that comes back to `path` and why,
 * e.g. "to apply for this job.". Both are in the markup, the other one hidden (audience.ts), so
 * that the runtime shows a member their button before React loads, and nothing below moves.
 */
export function MemberSubmit(props: {
  readonly member: boolean;
  readonly busy: boolean;
  readonly label: string;
  /** What signing in is for, after "Sign in": "to leave a review of this service." */
  readonly signInFor: string;
  readonly path: string;
}) {
  return (
    <>
      <p className="isl-sign-in-row" data-for="visitor" hidden={!isShownTo('visitor', props.member)}>
        <a className="button button--primary" href={loginReturningTo(props.path)}>
          Sign in
        </a>
        <span>
          {props.signInFor} New here? <a href="/user/register">Create an account</a>
        </span>
      </p>
      <SubmitButton busy={props.busy} audience={{ for: 'member', shown: isShownTo('member', props.member) }}>
        {props.label}
      </SubmitButton>
    </>
  );
}

/** "Are you sure?" in place of an action's button: a question, confirm and keep. */
export function ConfirmStep(props: {
  readonly question: string;
  readonly confirmLabel: string;
  readonly keepLabel: string;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onKeep: () => void;
  readonly children?: ReactNode;
}) {
  return (
    <div className="isl-confirm" role="group" aria-label={props.question}>
      <p className="isl-confirm__question">{props.question}</p>
      {props.children}
      <div className="isl-confirm__actions">
        <button className="button button--primary isl-button--danger" type="button" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
        <button className="button button--secondary" type="button" disabled={props.busy} onClick={props.onKeep} autoFocus>
          {props.keepLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * A button that asks first (ConfirmStep in its place) and then runs `action`; `onDone` after it
 * succeeds. Kept or failed, focus goes back to the button, which the question had replaced.
 */
export function ConfirmedAction(props: {
  /** The button's content, with a visually hidden part naming the record. */
  readonly label: ReactNode;
  readonly question: string;
  readonly confirmLabel: string;
  readonly keepLabel: string;
  readonly action: () => Promise<{ readonly success: boolean }>;
  readonly onDone: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (confirming) asked.current = true;
    else if (asked.current) button.current?.focus();
  }, [confirming]);

  const confirm = (): void => {
    setBusy(true);
    void props.action().then((result) => {
      if (result.success) {
        props.onDone();
        return;
      }
      setBusy(false);
      setConfirming(false);
    });
  };

  return confirming ? (
    <ConfirmStep
      question={props.question}
      confirmLabel={props.confirmLabel}
      keepLabel={props.keepLabel}
      busy={busy}
      onConfirm={confirm}
      onKeep={() => setConfirming(false)}
    />
  ) : (
    <button className="button button--secondary" type="button" ref={button} onClick={() => setConfirming(true)}>
      {props.label}
    </button>
  );
}

/** Today in this browser's calendar, `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A booking's address on one line: `1 High Street, Leeds, LS1 4AP`. */
export function addressOf(booking: { readonly address_line_1: string; readonly city: string; readonly postcode: string }): string {
  return [booking.address_line_1, booking.city, booking.postcode].filter((part) => part !== '').join(', ');
}

/** `"120.00"` as `£120.00`. */
export function pounds(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? `£${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : `£${amount}`;
}
