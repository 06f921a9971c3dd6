/** The visits on a provider's schedule: offered, accepted, done, with their reviews. */
import { useId, useState, type FormEvent } from 'react';
import { addressOf, ConfirmStep } from '../../lib/member-services/controls.tsx';
import { ThreadLink } from '../../lib/member-services/thread-link.tsx';
import { answerOffer, answerReview, completeJob, handBackJob, type ScheduledJob } from '../../lib/member-services/schedule.ts';
import { ukDate, ukDay } from '../../lib/member-services/uk-dates.ts';
import { Fact, RecordActions, RecordCard, RecordNote } from '../../lib/record-card/record-card.tsx';
import type { Load } from './load.ts';

export function Visits({ heading, empty, visits, onAnswered }: { heading: string; empty: string; visits: Load<ScheduledJob[]>; onAnswered: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {visits.state === 'loading' ? (
        <p className="isl-status" role="status">
          Loading your jobs…
        </p>
      ) : visits.state === 'failed' ? (
        <p className="isl-status">We could not load your jobs. Reload the page to try again.</p>
      ) : visits.value.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="isl-records">
          {visits.value.map((job) => (
            <VisitItem key={job.id} job={job} onAnswered={onAnswered} />
          ))}
        </ul>
      )}
    </section>
  );
}

function VisitItem({ job, onAnswered }: { job: ScheduledJob; onAnswered: () => void }) {
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
