import { logout, useAppStore } from '../store/index.ts';
import { firstNameOf } from './first-name.ts';

/**
 * The header's account links. The server (and a visitor without a session) sees "Log in" and
 * "Register"; once signed in: the user's first name, to /user/profile, and "Log out".
 */
export default function AccountMenu() {
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const firstName = useAppStore((state) => firstNameOf(state.session.user?.full_name));

  if (!signedIn) {
    return (
      <div className="isl-account-menu">
        <a className="isl-account-menu__link" href="/user/login">
          Log in
        </a>
        <a className="button button--primary isl-account-menu__register" href="/user/register">
          Register
        </a>
      </div>
    );
  }
  return (
    <div className="isl-account-menu">
      <a className="isl-account-menu__link isl-account-menu__name" href="/user/profile">
        {firstName ?? 'Your account'}
        <span className="visually-hidden">: your profile</span>
      </a>
      <button className="button button--secondary isl-account-menu__logout" type="button" onClick={() => logout()}>
        Log out
      </button>
    </div>
  );
}
