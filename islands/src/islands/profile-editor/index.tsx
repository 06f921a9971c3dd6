import { useEffect, useId, useState } from 'react';
import { loginUrlReturningTo } from '../../lib/navigation/redirect.ts';
import { loadProfile, profileAgeMs, restoreSession, useAppStore } from '../../lib/store/index.ts';
import { Certificates } from './certificates.tsx';
import { CompletionMeter } from './completion-meter.tsx';
import { DetailsForm } from './details-form.tsx';
import { DocumentUpload } from './document-upload.tsx';
import { DOCUMENTS } from './labels.ts';

const PROFILE_PAGE = '/user/profile';
/** A profile fetched this recently (by the login or the restore) is not fetched again on mount. */
const FRESH_ENOUGH_MS = 60_000;

function SignedOut() {
  return (
    <div className="notice">
      <p>Sign in to see and edit your profile.</p>
      <p className="notice-actions">
        <a className="button button--primary" href={loginUrlReturningTo({ pathname: PROFILE_PAGE, search: '', hash: '' })}>
          Sign in
        </a>
        <a href="/user/register">Create an account</a>
      </p>
    </div>
  );
}

/**
 * /user/profile (signed in): the completion meter, the details form, the documents with their
 * uploads and the certificates. The server renders the signed-out notice (the session lives
 * in the browser); the profile is fetched again on mount, so the signed file URLs are new.
 */
export default function ProfileEditor() {
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const user = useAppStore((state) => state.session.user);
  const [loadFailed, setLoadFailed] = useState(false);
  const headingId = useId();

  const load = (): void => {
    setLoadFailed(false);
    void loadProfile().then((result) => setLoadFailed(!result.success));
  };

  useEffect(() => {
    if (restoreSession() && profileAgeMs() > FRESH_ENOUGH_MS) load();
  }, []);

  if (!signedIn) return <SignedOut />;
  if (user === null) {
    return (
      <div className="isl-profile" role="status">
        {loadFailed ? (
          <p>
            We could not load your profile.{' '}
            <button className="button button--secondary" type="button" onClick={load}>
              Try again
            </button>
          </p>
        ) : (
          <p>Loading your profile…</p>
        )}
      </div>
    );
  }
  return (
    <div className="isl-profile">
      <CompletionMeter user={user} />

      <section className="isl-profile__section" aria-labelledby={`${headingId}-details`}>
        <h2 id={`${headingId}-details`}>Your details</h2>
        <DetailsForm key={user.id} user={user} />
      </section>

      <section className="isl-profile__section" aria-labelledby={`${headingId}-documents`}>
        <h2 id={`${headingId}-documents`}>Documents</h2>
        <p className="field-hint">Providers and employers may ask for these. They are never made public.</p>
        <div className="isl-documents">
          {DOCUMENTS.map((kind) => (
            <DocumentUpload key={kind.field} kind={kind} url={user[kind.field] ?? null} />
          ))}
        </div>
      </section>

      <section className="isl-profile__section" aria-labelledby={`${headingId}-certificates`}>
        <h2 id={`${headingId}-certificates`}>Certificates</h2>
        <Certificates certificates={Array.isArray(user.certificates) ? user.certificates : []} />
      </section>

      <p className="form-links">
        <a href="/user/change-password">Change your password</a>
      </p>
    </div>
  );
}
