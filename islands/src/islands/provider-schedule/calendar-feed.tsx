/** The provider's private calendar feed, and a new address for it. */
import { useEffect, useId, useState } from 'react';
import { fetchFeedAddress } from '../../lib/member-services/schedule.ts';
import type { Load } from './load.ts';

export function CalendarFeed() {
  const headingId = useId();
  const [address, setAddress] = useState<Load<string>>({ state: 'loading' });
  const load = (renew: boolean): void => {
    void fetchFeedAddress(renew).then((result) => setAddress(result.success ? { state: 'ready', value: result.data } : { state: 'failed' }));
  };
  useEffect(() => load(false), []);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Calendar feed</h2>
      <p>Subscribe to this private address in your calendar app to see your accepted jobs there. Anyone with it can read them: if it is shared, get a new one.</p>
      {address.state === 'ready' ? (
        <label className="field">
          <span>Your feed's address</span>
          <input readOnly value={address.value} onFocus={(event) => event.target.select()} />
        </label>
      ) : address.state === 'failed' ? (
        <p className="isl-status">We could not load the feed's address.</p>
      ) : null}
      <button className="button button--secondary" type="button" onClick={() => load(true)}>
        Get a new address
      </button>
    </section>
  );
}
