import { useEffect, useState } from 'react';
import type { ApiSchemas } from '../../lib/api/types.ts';
import { SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { destinationAfterLogin } from '../../lib/navigation/after-login.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { BACK_OFFICE, confirmEnrolment, openStaffSession, startEnrolment } from './staff-calls.ts';

const CODE_FIELDS = ['code'] as const;
const RECOVERY_FIELDS = ['recovery_code'] as const;

/** The authenticator code input: six digits, filled in by the phone's one-time-code autofill. */
function CodeField({ error }: { readonly error: string | undefined }) {
  return (
    <TextField
      name="code"
      label="6-digit code from your authenticator app"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="\s*[0-9]{3}\s?[0-9]{3}\s*"
      maxLength={7}
      spellCheck={false}
      error={error}
    />
  );
}

function NotNow() {
  return (
    <p className="form-links">
      <a href={destinationAfterLogin(window.location)}>Not now: continue to the site</a>
    </p>
  );
}

/** Enrolment: scan the QR code (or type the key), confirm with a first code, keep the recovery codes. */
function Enrol() {
  const [enrolment, setEnrolment] = useState<ApiSchemas['Enrolment'] | null>(null);
  const [failed, setFailed] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  useEffect(() => {
    void startEnrolment().then((result) => (result.success ? setEnrolment(result.data) : setFailed(true)));
  }, []);
  const form = useAccountForm(CODE_FIELDS, async (data) => {
    const result = await confirmEnrolment(formText(data, 'code'));
    if (result.success) setRecoveryCodes(result.data.recovery_codes);
    return result;
  });

  if (recoveryCodes !== null) {
    return (
      <section className="isl-staff-factor" aria-labelledby="staff-recovery-heading">
        <h2 id="staff-recovery-heading">Your recovery codes</h2>
        <p>Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.</p>
        <ul className="isl-staff-factor__codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <p>
          <a className="button button--primary" href={BACK_OFFICE}>
            I have saved them: open the back office
          </a>
        </p>
      </section>
    );
  }
  if (failed) {
    return (
      <p className="isl-field-error" role="alert">
        We could not start setting up your authenticator. Reload the page to try again.
      </p>
    );
  }
  if (enrolment === null) return <p role="status">Preparing your authenticator set-up…</p>;
  return (
    <section className="isl-staff-factor" aria-labelledby="staff-enrol-heading">
      <h2 id="staff-enrol-heading">Set up your authenticator app</h2>
      <p>The back office needs a second step. Scan this code with an authenticator app (such as Google Authenticator or Microsoft Authenticator), then enter the 6-digit code it shows.</p>
      <img className="isl-staff-factor__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`} width={240} height={240} alt="QR code for your authenticator app" />
      <p>
        Or type this key: <code className="isl-staff-factor__secret">{enrolment.secret}</code>
      </p>
      <form className="form" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput} noValidate>
        <CodeField error={form.errors.code} />
        <SubmitButton busy={form.submitting}>Confirm</SubmitButton>
      </form>
      <NotNow />
    </section>
  );
}

/** Sign-in: a code from the app, or one of the recovery codes. */
function Verify() {
  const [recovery, setRecovery] = useState(false);
  const codeForm = useAccountForm(CODE_FIELDS, async (data) => {
    const result = await openStaffSession({ code: formText(data, 'code') });
    if (result.success) navigate(BACK_OFFICE);
    return result;
  });
  const recoveryForm = useAccountForm(RECOVERY_FIELDS, async (data) => {
    const result = await openStaffSession({ recovery_code: formText(data, 'recovery_code') });
    if (result.success) navigate(BACK_OFFICE);
    return result;
  });
  return (
    <section className="isl-staff-factor" aria-labelledby="staff-verify-heading">
      <h2 id="staff-verify-heading">Confirm it is you</h2>
      {recovery ? (
        <form className="form" ref={recoveryForm.formRef} onSubmit={recoveryForm.onSubmit} onInput={recoveryForm.onInput} noValidate>
          <TextField name="recovery_code" label="Recovery code" autoComplete="off" spellCheck={false} maxLength={20} error={recoveryForm.errors.recovery_code} />
          <SubmitButton busy={recoveryForm.submitting}>Open the back office</SubmitButton>
        </form>
      ) : (
        <form className="form" ref={codeForm.formRef} onSubmit={codeForm.onSubmit} onInput={codeForm.onInput} noValidate>
          <CodeField error={codeForm.errors.code} />
          <SubmitButton busy={codeForm.submitting}>Open the back office</SubmitButton>
        </form>
      )}
      <p className="form-links">
        <button type="button" className="link-button" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
        </button>
      </p>
      <NotNow />
    </section>
  );
}

/** After a staff account's password: the second factor the back office asks for. */
export default function StaffSecondFactor({ step }: { readonly step: ApiSchemas['SecondFactor'] }) {
  return step === 'enrol' ? <Enrol /> : <Verify />;
}
