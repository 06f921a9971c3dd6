/** A provider's working terms: areas, weekly hours, days off, buffer, notice, visits a day. */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { saveTerms, type RangeText, type TermsPayload, type WorkingTerms } from '../../lib/member-services/schedule.ts';
import { ukDate } from '../../lib/member-services/uk-dates.ts';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

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

export function TermsForm({ terms, onSaved }: { terms: WorkingTerms; onSaved: (terms: WorkingTerms) => void }) {
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
