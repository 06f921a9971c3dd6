import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit, settle } from '../../../test/forms.ts';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, startSignedInSession } from '../../lib/store/index.ts';
import AccountData, { MESSAGES } from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

describe('account-data', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    vi.mocked(navigate).mockClear();
    startSignedInSession('access-1', 'r1');
  });

  it('server-renders the download button and, behind its summary, why deleting needs JavaScript: no form to submit', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('account-data', '{}', 'account-data-0-');
    expect(host.querySelector('button[type="button"]')?.textContent).toBe('Download my data');
    expect(host.querySelector('details summary')?.textContent).toBe('Delete my account');
    // Without JavaScript a form here would send the password to the page's URL (it has no method).
    expect(host.querySelector('form')).toBeNull();
    expect(host.querySelector('input, button[type="submit"]')).toBeNull();
    expect(host.querySelector('details .notice')?.textContent).toBe(MESSAGES.deletionNeedsJavaScript);
  });

  it('hydrates without a mismatch and then offers the deletion form in place of the notice', async () => {
    t.island = await hydrateServerMarkup('account-data', AccountData);
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    expect(root.querySelector('details .notice')).toBeNull();
    expect(field(root, 'Your password, to confirm').getAttribute('autocomplete')).toBe('current-password');
    expect(root.querySelector('details form button[type="submit"]')?.textContent).toBe('Delete my account permanently');
  });

  it('downloads the data as a JSON file', async () => {
    t.island = await hydrateServerMarkup('account-data', AccountData);
    t.api.on('GET /api/auth/my-data/', { status: 200, body: { account: { email: 'anna@example.co.uk' } } });
    const created = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:data';
    });
    URL.createObjectURL = created as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const button = [...t.island.element.querySelectorAll('button')].find((b) => b.textContent === 'Download my data');
    await act(async () => button?.click());
    await settle();
    expect(t.api.callsTo('GET /api/auth/my-data/')[0]?.headers.authorization).toBe('Bearer access-1');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created.mock.calls[0]![0]);
    });
    expect(saved).toContain('anna@example.co.uk');
    expect(appStore.getState().alert?.message).toBe('Your data has been downloaded.');
  });

  it('deletes the account with the password, signs out and goes home; a wrong password says so', async () => {
    t.island = await hydrateServerMarkup('account-data', AccountData);
    t.api.on('POST /api/auth/delete-account/', { status: 400, body: { error: true, message: 'Wrong', password: ['Your password was entered incorrectly. Please enter it again.'] } });
    await fillAndSubmit(t.island.element, { 'Your password, to confirm': 'nope' });
    await settle();
    expect(errorOf(field(t.island.element, 'Your password, to confirm'))).toBe('Your password was entered incorrectly. Please enter it again.');
    expect(navigate).not.toHaveBeenCalled();

    t.api.on('POST /api/auth/delete-account/', { status: 200, body: { message: 'Your account has been deleted.' } });
    await fillAndSubmit(t.island.element, { 'Your password, to confirm': 'right-password' });
    await settle();
    expect(t.api.callsTo('POST /api/auth/delete-account/')[1]?.body).toEqual({ password: 'right-password' });
    expect(appStore.getState().session.accessToken).toBeNull();
    expect(appStore.getState().alert?.message).toBe('Your account has been deleted.');
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
