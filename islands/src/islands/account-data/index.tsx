import { useState } from 'react';
import { SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { apiRequest } from '../../lib/api/client.ts';
import type { ActionResult } from '../../lib/api/result.ts';
import type { ApiSchemas } from '../../lib/api/types.ts';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { logWarning } from '../../lib/runtime/log.ts';
import { showAlert } from '../../lib/store/alert.ts';
import { setLoading } from '../../lib/store/loading.ts';
import { clearSignedInSession } from '../../lib/store/session.ts';

export const DATA_PATHS = { export: '/api/auth/my-data/', deleteAccount: '/api/auth/delete-account/' } as const;
export const MESSAGES = {
  downloaded: 'Your data has been downloaded.',
  downloadFailed: 'Failed to download your data. Please try again.',
  deleted: 'Your account has been deleted.',
  /** Where the deletion form will be, until the island runs: the form works only with the browser's session. */
  deletionNeedsJavaScript: 'Deleting your account needs JavaScript and sign-in: turn JavaScript on in your browser, then sign in to delete it.',
} as const;

const FIELDS = ['password'] as const;

/** Saves `data` as a JSON file the browser downloads. */
function saveJson(data: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give it a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function downloadMyData(): Promise<void> {
  setLoading(true);
  try {
    const data = await apiRequest<unknown>('GET', DATA_PATHS.export, { expect: 200 });
    saveJson(data, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
    showAlert(MESSAGES.downloaded, 'success');
  } catch (error) {
    logWarning('data export failed', error);
    showAlert(MESSAGES.downloadFailed, 'error');
  } finally {
    setLoading(false);
  }
}

async function deleteAccount(data: FormData): Promise<ActionResult<ApiSchemas['MessageAnswer']>> {
  try {
    const answer = await apiRequest<ApiSchemas['MessageAnswer']>('POST', DATA_PATHS.deleteAccount, { json: { password: formText(data, 'password') }, expect: 200 });
    clearSignedInSession();
    showAlert(MESSAGES.deleted, 'success');
    navigate('/');
    return { success: true, data: answer };
  } catch (error) {
    logWarning('account deletion failed', error);
    return { success: false, error };
  }
}

/**
 * On /user/profile: the member's data rights. "Download my data" saves everything we hold as
 * a JSON file; "Delete my account", confirmed with the password, erases the account. The
 * deletion goes through the API with the session, which lives in the browser: until the
 * island has hydrated (on the server, and without JavaScript) the place of its form says so,
 * and there is no form to submit (a form without a method would send the password to the
 * page's URL).
 */
export default function AccountData() {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const form = useAccountForm(FIELDS, deleteAccount);
  return (
    <section className="isl-account-data" aria-labelledby="account-data-heading">
      <h2 id="account-data-heading">Your data</h2>
      <p>Download a copy of everything we hold about you: your account, documents, bookings, payments, applications, reviews and messages, as a JSON file.</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void downloadMyData().finally(() => setBusy(false));
        }}
      >
        Download my data
      </button>
      <details className="isl-account-data__delete">
        <summary>Delete my account</summary>
        <p>
          Your documents and CVs are removed and your personal details erased, and you are signed out everywhere. We keep your bookings and payments without your name or address, as the law asks us
          to keep financial records for six years; your reviews stay, shown as written by a former member. This cannot be undone.
        </p>
        {hydrated ? (
          <form className="form" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
            <TextField name="password" label="Your password, to confirm" type="password" autoComplete="current-password" error={form.errors.password} />
            <SubmitButton busy={form.submitting}>Delete my account permanently</SubmitButton>
          </form>
        ) : (
          <p className="notice">{MESSAGES.deletionNeedsJavaScript}</p>
        )}
      </details>
    </section>
  );
}
