import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { addressOf, ConfirmStep } from '../../lib/member-services/controls.tsx';
import { ThreadLink } from '../../lib/member-services/thread-link.tsx';
import {
  answerOffer,
  answerReview,
  completeJob,
  handBackJob,
  fetchFeedAddress,
  fetchScheduleJobs,
  fetchTerms,
  saveTerms,
  type RangeText,
  type ScheduledJob,
  type TermsPayload,
  type WorkingTerms,
} from '../../lib/member-services/schedule.ts';
import { ukDate, ukDay } from '../../lib/member-services/uk-dates.ts';
import { Fact, RecordActions, RecordCard, RecordNote } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

type Load<T> = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly value: T };

/**
 * /user/schedule, for a member approved to provide services: the jobs offered to them (accept
 * or decline) and accepted (hand back, or once started mark done with notes and photos), past
 * jobs with their customers' reviews to answer, their working terms (areas, weekly hours, days off, buffer, notice,
 * jobs a day, a switch that pauses every offer), and their private calendar feed. The server
 * renders nothing here (the page says, without JavaScript, what it needs).
 */
export default function ProviderSchedule() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [terms, setTerms] = useState<Load<WorkingTerms>>({ state: 'loading' });
  const [jobs, setJobs] = useState<Load<ScheduledJob[]>>({ state: 'loading' });
  const [pastJobs, setPastJobs] = useState<Load<ScheduledJob[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (!mounted || !signedIn) return;
    let live = true;
    void fetchTerms().then((result) => {
      if (live) setTerms(result.success ? { state: 'ready', value: result.data } : { state: 'failed' });
    });
    void fetchScheduleJobs('upcoming').then((result) => {
      if (live) setJobs(result.success ? { state: 'ready', value: result.data } : { state: 'failed' });
    });
    void fetchScheduleJobs('past').then((result) => {
      if (live) setPastJobs(result.success ? { state: 'ready', value: result.data } : { state: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [mounted, signedIn, attempt]);

  if (!mounted || !signedIn) return null;
  if (terms.state === 'loading') {
    return (
      <p className="isl-status" role="status">
        Loading your schedule…
      </p>
    );
  }
  if (terms.state === 'failed') {
    return (
      <p className="isl-status" role="status">
        We could not load your schedule.{' '}
        <button className="button button--secondary" type="button" onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </button>
      </p>
    );
  }
  if (terms.value.services.length === 0) {
    return (
      <div className="empty-state">
        <h2>You do not provide a service yet</h2>
        <p>Once staff approve your application to provide a service, set your working terms here and jobs will be offered to you.</p>
        <p>
          <a className="button button--primary" href="/become-provider">
            Become a provider
          </a>
        </p>
      </div>
    );
  }
  return (
    <>
      <Jobs heading="Offers and jobs" empty="No jobs yet. Jobs are offered to you when a customer books a free time in your areas and hours." jobs={jobs} onAnswered={() => setAttempt((count) => count + 1)} />
      <Jobs heading="Past jobs" empty="No past jobs yet." jobs={pastJobs} onAnswered={() => setAttempt((count) => count + 1)} />
      <TermsForm terms={terms.value} onSaved={(value) => setTerms({ state: 'ready', value })} />
      {terms.value.saved ? <CalendarFeed /> : null}
    </>
  );
}

function Jobs({ heading, empty, jobs, onAnswered }: { heading: string; empty: string; jobs: Load<ScheduledJob[]>; onAnswered: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {jobs.state === 'loading' ? (
        <p className="isl-status" role="status">
          Loading your jobs…
        </p>
      ) : jobs.state === 'failed' ? (
        <p className="isl-status">We could not load your jobs. Reload the page to try again.</p>
      ) : jobs.value.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="isl-records">
          {jobs.value.map((job) => (
            <JobItem key={job.id} job={job} onAnswered={onAnswered} />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobItem({ job, onAnswered }: { job: ScheduledJob; onAnswered: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<'none' | 'handing back' | 'completing'>('none');
  const settle = (result: { success: true } | { success: false; message: string }): void => {
    setBusy(false);
    if (result.success) onAnswered();
    else setProblem(result.message);
  };
  const answer = (choice: 'accept' | 'decline', offer: number): void => {
    setBusy(true);
    void answerOffer(offer, choice).then(settle);
  };
  const handBack = (): void => {
    setBusy(true);
    void handBackJob(job.id).then(settle);
  };
  const offer = job.offer ?? null;
  const named = `${job.service.title} on ${ukDate(job.date)}`;
  return (
    <RecordCard
      level={3}
      title={job.service.title}
      tag={<span className="tag">{offer !== null ? 'Offered to you' : job.status === 'Completed' ? 'Done' : 'Accepted'}</span>}
      facts={
        <>
          <Fact term="When">{`${ukDate(job.date)}, ${job.time} to ${job.ends.slice(11)}`}</Fact>
          <Fact term="Where">{offer === null ? addressOf(job) : `${addressOf(job)} (the address and notes once you accept)`}</Fact>
          <Fact term="Customer">{job.customer_first_name}</Fact>
          {job.notes === '' ? null : <Fact term="Notes">{job.notes}</Fact>}
          {job.completed_at == null ? null : <Fact term="Marked done">{ukDay(job.completed_at)}</Fact>}
        </>
      }
    >
      {offer !== null ? null : step === 'handing back' ? (
        <ConfirmStep
          question={`Hand back ${named}? It will be offered to another provider, and the customer told.`}
          confirmLabel="Yes, hand it back"
          keepLabel="Keep it"
          busy={busy}
          onConfirm={handBack}
          onKeep={() => setStep('none')}
        />
      ) : step === 'completing' ? (
        <CompleteForm
          job={job}
          named={named}
          onDone={() => {
            setStep('none');
            onAnswered();
          }}
          onKeep={() => setStep('none')}
        />
      ) : (
        <RecordActions>
          <ThreadLink thread={job.messages} title={named} />
          {job.can_complete ? (
            <button className="button button--primary" type="button" onClick={() => setStep('completing')}>
              Mark done<span className="visually-hidden">{` ${named}`}</span>
            </button>
          ) : job.status === 'Confirmed' ? (
            <button className="button button--secondary" type="button" onClick={() => setStep('handing back')}>
              Hand back<span className="visually-hidden">{` ${named}`}</span>
            </button>
          ) : null}
        </RecordActions>
      )}
      {offer === null ? null : (
        <>
          <RecordNote>{`Answer by ${new Date(offer.expires_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' })} on ${ukDay(offer.expires_at)}, or it is offered to someone else.`}</RecordNote>
          <RecordActions>
            <button className="button button--primary" type="button" disabled={busy} onClick={() => answer('accept', offer.id)}>
              Accept<span className="visually-hidden">{` ${named}`}</span>
            </button>
            <button className="button button--secondary" type="button" disabled={busy} onClick={() => answer('decline', offer.id)}>
              Decline<span className="visually-hidden">{` ${named}`}</span>
            </button>
          </RecordActions>
        </>
      )}
      {job.review == null ? null : <CustomerReview review={job.review} named={named} onAnswered={onAnswered} />}
      {problem === null ? null : (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </RecordCard>
  );
}

/** Marking a started job done: notes for the customer and up to two photos, all optional. */
function CompleteForm({ job, named, onDone, onKeep }: { job: ScheduledJob; named: string; onDone: () => void; onKeep: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget);
    const report = new FormData();
    report.append('notes', String(chosen.get('notes') ?? '').trim());
    // An empty file input still sends an empty part: only chosen photos go.
    for (const photo of chosen.getAll('photo')) if (photo instanceof File && photo.size > 0) report.append('photo', photo);
    setBusy(true);
    void completeJob(job.id, report).then((result) => {
      setBusy(false);
      if (result.success) onDone();
      else setProblem(result.message);
    });
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-notes`}>
          Notes for the customer <span className="field-optional">(optional)</span>
        </label>
        <textarea id={`${id}-notes`} name="notes" rows={3} maxLength={2000} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-photos`}>
          Photos of the work: up to two, JPEG, PNG or WebP <span className="field-optional">(optional)</span>
        </label>
        <input id={`${id}-photos`} type="file" name="photo" accept="image/jpeg,image/png,image/webp" multiple />
      </div>
      <p className="field-hint">The customer sees your notes and photos in the booking's messages, and is asked to review the job.</p>
      {problem === null ? null : (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <RecordActions>
        <button className="button button--primary" type="submit" disabled={busy}>
          Mark done<span className="visually-hidden">{` ${named}`}</span>
        </button>
        <button className="button button--secondary" type="button" onClick={onKeep}>
          Not yet
        </button>
      </RecordActions>
    </form>
  );
}

/** The customer's review of a job, with the provider's answer or the form to give it (once, publicly). */
function CustomerReview({ review, named, onAnswered }: { review: NonNullable<ScheduledJob['review']>; named: string; onAnswered: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const answer = String(new FormData(event.currentTarget).get('answer') ?? '').trim();
    if (answer === '') {
      setProblem('Write your answer first.');
      return;
    }
    setBusy(true);
    void answerReview(review.id, answer).then((result) => {
      setBusy(false);
      if (result.success) onAnswered();
      else setProblem(result.message);
    });
  };
  return (
    <div className="isl-job-review">
      <p>
        <strong>{`Rated ${review.rating} out of 5:`}</strong> {review.review}
      </p>
      {review.answer == null ? (
        <form className="form" onSubmit={submit}>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-answer`}>
              Your public answer<span className="visually-hidden">{` to the review of ${named}`}</span>
            </label>
            <p className="field-hint" id={`${id}-hint`}>
              Shown under the review on the service's page and your profile. You can answer once.
            </p>
            <textarea id={`${id}-answer`} name="answer" rows={3} maxLength={1000} aria-describedby={`${id}-hint`} />
          </div>
          {problem === null ? null : (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <button className="button button--secondary" type="submit" disabled={busy}>
            Answer publicly
          </button>
        </form>
      ) : (
        <p>{`Your answer: ${review.answer}`}</p>
      )}
    </div>
  );
}

interface Draft {
  areas: { postcode: string; radius_miles: string }[];
  hours: Record<string, RangeText[]>;
  days_off: string[];
  buffer_minutes: string;
  notice_hours: string;
  max_jobs_per_day: string;
  paused: boolean;
}

function draftOf(terms: WorkingTerms): Draft {
  return {
    areas: terms.areas.length === 0 ? [{ postcode: '', radius_miles: '10' }] : terms.areas.map((area) => ({ postcode: area.postcode, radius_miles: String(area.radius_miles) })),
    hours: Object.fromEntries(DAYS.map((day) => [day, [...(terms.hours[day] ?? [])]])),
    days_off: [...terms.days_off],
    buffer_minutes: String(terms.buffer_minutes),
    notice_hours: String(terms.notice_hours),
    max_jobs_per_day: String(terms.max_jobs_per_day),
    paused: terms.paused,
  };
}

/** What the form sends: areas left blank are left out. */
export function payloadOf(draft: Draft): TermsPayload {
  return { ...draft, areas: draft.areas.filter((area) => area.postcode.trim() !== '') };
}

function messagesOf(fields: Readonly<Record<string, unknown>>, field: string): string[] {
  const value = fields[field];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function TermsForm({ terms, onSaved }: { terms: WorkingTerms; onSaved: (terms: WorkingTerms) => void }) {
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(terms));
  const [fields, setFields] = useState<Readonly<Record<string, unknown>>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dayOff, setDayOff] = useState('');
  const change = (next: Partial<Draft>): void => {
    setDraft({ ...draft, ...next });
    setSaved(false);
  };
  const setRange = (day: string, at: number, range: RangeText | null): void => {
    const ranges = [...(draft.hours[day] ?? [])];
    if (range === null) ranges.splice(at, 1);
    else ranges[at] = range;
    change({ hours: { ...draft.hours, [day]: ranges } });
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setBusy(true);
    void saveTerms(payloadOf(draft)).then((result) => {
      setBusy(false);
      if (result.success) {
        setFields({});
        setSaved(true);
        onSaved(result.data);
      } else {
        setFields(result.fields);
      }
    });
  };
  const errors = (field: string) =>
    messagesOf(fields, field).map((message) => (
      <p className="field-error" key={message}>
        {message}
      </p>
    ));
  const general = typeof fields.message === 'string' && Object.keys(fields).every((key) => ['error', 'message', 'detail'].includes(key)) ? fields.message : null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Your working terms</h2>
      <p>{`For every service you provide: ${terms.services.map((service) => service.title).join(', ')}.`}</p>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>Areas you cover</legend>
          {draft.areas.map((area, at) => (
            <div className="field-row" key={at}>
              <label className="field">
                <span>{`Postcode or district ${at + 1}`}</span>
                <input value={area.postcode} autoComplete="off" onChange={(event) => change({ areas: draft.areas.map((a, i) => (i === at ? { ...a, postcode: event.target.value } : a)) })} />
              </label>
              <label className="field">
                <span>Miles around it</span>
                <input type="number" min={1} max={100} value={area.radius_miles} onChange={(event) => change({ areas: draft.areas.map((a, i) => (i === at ? { ...a, radius_miles: event.target.value } : a)) })} />
              </label>
            </div>
          ))}
          <button className="button button--secondary" type="button" onClick={() => change({ areas: [...draft.areas, { postcode: '', radius_miles: '10' }] })}>
            Add an area
          </button>
          {errors('areas')}
        </fieldset>
        <fieldset>
          <legend>Weekly hours (UK time)</legend>
          {DAYS.map((day) => (
            <div className="field-row" key={day}>
              <span className="field-label">{day[0]?.toUpperCase() + day.slice(1)}</span>
              {(draft.hours[day] ?? []).map((range, at) => (
                <span key={at} className="field-range">
                  <label>
                    <span className="visually-hidden">{`${day} range ${at + 1} from`}</span>
                    <input type="time" value={range.from} onChange={(event) => setRange(day, at, { ...range, from: event.target.value })} />
                  </label>
                  {' to '}
                  <label>
                    <span className="visually-hidden">{`${day} range ${at + 1} to`}</span>
                    <input type="time" value={range.to} onChange={(event) => setRange(day, at, { ...range, to: event.target.value })} />
                  </label>
                  <button className="button button--link" type="button" onClick={() => setRange(day, at, null)}>
                    Remove<span className="visually-hidden">{` ${day} range ${at + 1}`}</span>
                  </button>
                </span>
              ))}
              <button className="button button--link" type="button" onClick={() => setRange(day, (draft.hours[day] ?? []).length, { from: '09:00', to: '17:00' })}>
                Add hours<span className="visually-hidden">{` on ${day}`}</span>
              </button>
            </div>
          ))}
          {errors('hours')}
        </fieldset>
        <fieldset>
          <legend>Days off</legend>
          <ul>
            {draft.days_off.map((day) => (
              <li key={day}>
                {ukDate(day)}{' '}
                <button className="button button--link" type="button" onClick={() => change({ days_off: draft.days_off.filter((other) => other !== day) })}>
                  Remove<span className="visually-hidden">{` ${ukDate(day)}`}</span>
                </button>
              </li>
            ))}
          </ul>
          <label className="field">
            <span>A day off</span>
            <input type="date" value={dayOff} onChange={(event) => setDayOff(event.target.value)} />
          </label>
          <button
            className="button button--secondary"
            type="button"
            disabled={dayOff === ''}
            onClick={() => {
              if (!draft.days_off.includes(dayOff)) change({ days_off: [...draft.days_off, dayOff].sort() });
              setDayOff('');
            }}
          >
            Add the day off
          </button>
          {errors('days_off')}
        </fieldset>
        <NumberField label="Minutes kept free after each job" value={draft.buffer_minutes} min={0} max={240} onChange={(buffer_minutes) => change({ buffer_minutes })} messages={errors('buffer_minutes')} />
        <NumberField label="Hours of notice you need" value={draft.notice_hours} min={0} max={336} onChange={(notice_hours) => change({ notice_hours })} messages={errors('notice_hours')} />
        <NumberField label="Most jobs a day" value={draft.max_jobs_per_day} min={1} max={20} onChange={(max_jobs_per_day) => change({ max_jobs_per_day })} messages={errors('max_jobs_per_day')} />
        <label className="choice isl-switch">
          <input type="checkbox" role="switch" checked={draft.paused} onChange={(event) => change({ paused: event.target.checked })} /> Pause all offers
        </label>
        {general === null ? null : (
          <p className="field-error" role="alert">
            {general}
          </p>
        )}
        <p>
          <button className="button button--primary" type="submit" disabled={busy}>
            Save working terms
          </button>
        </p>
        {saved ? (
          <p className="isl-status" role="status">
            Your working terms are saved.
          </p>
        ) : null}
      </form>
    </section>
  );
}

function NumberField({ label, value, min, max, onChange, messages }: { label: string; value: string; min: number; max: number; onChange: (value: string) => void; messages: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input type="number" inputMode="numeric" min={min} max={max} value={value} onChange={(event) => onChange(event.target.value)} />
      {messages}
    </label>
  );
}

function CalendarFeed() {
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

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
