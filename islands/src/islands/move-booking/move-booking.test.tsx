import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { buttonNamed, click, setValue, signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { resetServiceModule } from '../../lib/store/index.ts';
import MoveBooking from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

describe('move-booking', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    vi.mocked(navigate).mockClear();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
  });

  it('renders nothing on the server: the page says what it needs', () => {
    expect(loadServerBundle()('move-booking', '{"booking":5}', 'move-booking-0-')).toBe('');
  });

  it('moves the booking to the free time chosen on the page, then shows the bookings', async () => {
    signIn();
    t.api.on('POST /api/service/booking/5/reschedule/', { status: 200, body: { id: 5 } });
    t.island = await hydrateServerMarkup('move-booking', MoveBooking, { booking: 5, date: '2030-01-15', time: '11:00' });
    await settle();
    expect(t.island.element.textContent).toContain('15 Jan 2030 at 11:00.');
    await click(buttonNamed(t.island.element, 'Move my booking'));
    expect(t.api.callsTo('POST /api/service/booking/5/reschedule/')[0]?.body).toEqual({ date: '2030-01-15', time: '11:00' });
    expect(navigate).toHaveBeenCalledWith('/user/bookings');
  });

  it('takes a typed date and time where any will do, and says why the server refused', async () => {
    signIn();
    t.api.on('POST /api/service/booking/5/reschedule/', { status: 400, body: { error: true, message: 'A booking can be moved until 24 hours before it starts. Please contact us.' } });
    t.island = await hydrateServerMarkup('move-booking', MoveBooking, { booking: 5 });
    await settle();
    const [date, time] = Array.from(t.island.element.querySelectorAll('input'));
    setValue(date!, '2030-02-01');
    setValue(time!, '14:30');
    await click(buttonNamed(t.island.element, 'Move my booking'));
    expect(t.api.callsTo('POST /api/service/booking/5/reschedule/')[0]?.body).toEqual({ date: '2030-02-01', time: '14:30' });
    expect(t.island.element.querySelector('[role="alert"]')?.textContent).toBe('A booking can be moved until 24 hours before it starts. Please contact us.');
    expect(navigate).not.toHaveBeenCalled();
  });
});
