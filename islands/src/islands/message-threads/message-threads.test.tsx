import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { signIn } from '../../lib/member-services/testing.ts';
import { resetServiceModule } from '../../lib/store/index.ts';
import MessageThreads from './index.tsx';

describe('message-threads', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
  });

  it('leaves its place empty in the server markup (the page explains itself without JavaScript)', () => {
    expect(loadServerBundle()('message-threads', '{}', 'message-threads-0-')).toBe('');
  });

  it('links each booking with new messages to its thread, saying how many', async () => {
    signIn();
    t.api.on('GET /api/messages/unread/', {
      status: 200,
      body: {
        total: 3,
        bookings: [
          { booking: 7, about: 'Boiler service on Monday 4 January 2027 at 09:00', link: '/bookings/messages?booking=7&reader=2&expires=1&signature=ab', unread: 2 },
          { booking: 9, about: 'Deep clean on Friday 8 January 2027 at 14:00', link: '/bookings/messages?booking=9&reader=2&expires=1&signature=cd', unread: 1 },
        ],
      },
    });
    t.island = await hydrateServerMarkup('message-threads', MessageThreads);
    await settle();
    expect(t.island.errors).toEqual([]);
    const rows = Array.from(t.island.element.querySelectorAll('li'));
    expect(rows.map((row) => row.querySelector('a')?.getAttribute('href'))).toEqual([
      '/bookings/messages?booking=7&reader=2&expires=1&signature=ab',
      '/bookings/messages?booking=9&reader=2&expires=1&signature=cd',
    ]);
    expect(rows[0]!.textContent).toContain('2 new messages');
    expect(rows[0]!.textContent).toContain('Boiler service on Monday 4 January 2027 at 09:00');
    expect(rows[1]!.textContent).toContain('1 new message');
  });

  it('says where the messages are when none is new', async () => {
    signIn();
    t.api.on('GET /api/messages/unread/', { status: 200, body: { total: 0, bookings: [] } });
    t.island = await hydrateServerMarkup('message-threads', MessageThreads);
    await settle();
    expect(t.island.element.textContent).toContain('No new messages');
    expect(Array.from(t.island.element.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(['/user/bookings', '/user/schedule']);
  });
});
