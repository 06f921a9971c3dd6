import { useEffect } from 'react';
import { navigate } from '../../lib/navigation/navigate.ts';
import { loginUrlReturningTo } from '../../lib/navigation/redirect.ts';
import { restoreSession } from '../../lib/store/session.ts';

/**
 * On pages of the signed-in area: renders nothing; in the browser, once the session is
 * restored, sends a visitor without one to /user/login?redirect=<this page>. The server
 * cannot tell (the session lives in the browser), so the page's own markup should still make
 * sense to a signed-out visitor.
 */
export default function MemberGuard() {
  useEffect(() => {
    if (!restoreSession()) navigate(loginUrlReturningTo(window.location));
  }, []);
  return null;
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
