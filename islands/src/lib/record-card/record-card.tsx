// The card of one record in a member's list (`<ul className="isl-records">`): bookings,
// payments, job posts, job and provider applications, bookmarks; and its parts, for the
// records that are not cards (a job post's applicants). Every `isl-record` class the islands
// render comes from here; the styles are in style/islands-member.css (repository root).
import { useId, type ReactNode } from 'react';

export interface RecordCardProps {
  /** The heading's content: the record's name, usually a link to its page. */
  title: ReactNode;
  /** 2 where the records are the page's list, 3 under a section's h2. */
  level: 2 | 3;
  /** Beside the title: a tag such as `<StatusTag>`, or nothing. */
  tag?: ReactNode;
  /** The record's facts, as `<Fact>`s. */
  facts: ReactNode;
  /**
   * Whether the heading names the card (`aria-labelledby`, so that a screen reader announces
   * "Cleaning, list item"); true unless said otherwise.
   */
  labelled?: boolean;
  /** The heading's id where markup drawn without React must know it; else React's own. */
  headingId?: string;
  /** Below the facts: `<RecordNote>`s, `<RecordActions>`, anything else the record needs. */
  children?: ReactNode;
}

/** `<li class="card isl-record">`: the heading and its tag, the facts, then `children`. */
export function RecordCard({ title, level, tag, facts, labelled = true, headingId, children }: RecordCardProps) {
  const reactId = useId();
  const id = labelled ? (headingId ?? reactId) : undefined;
  return (
    <li className="card isl-record" aria-labelledby={id}>
      <RecordHead level={level} id={id} title={title} tag={tag} />
      <RecordFacts>{facts}</RecordFacts>
      {children}
    </li>
  );
}

/** A record's heading (with `id`, for an `aria-labelledby`) and its tag, for a record that is not a card. */
export function RecordHead({ level, id, title, tag }: { level: 2 | 3; id: string | undefined; title: ReactNode; tag?: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="isl-record__head">
      <Heading className="isl-record__title" id={id}>
        {title}
      </Heading>
      {tag}
    </div>
  );
}

/** A record's facts, as `<Fact>`s, for a record that is not a card. */
export function RecordFacts({ children }: { children: ReactNode }) {
  return <dl className="facts isl-record__facts">{children}</dl>;
}

/** One fact of a record: `<dt>term</dt><dd>children</dd>`. */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A status as a tag coloured by its value (`isl-tag--open`, `isl-tag--approved`, …). */
export function StatusTag({ status }: { status: string }) {
  return <span className={`isl-tag isl-tag--${status.toLowerCase()}`}>{status}</span>;
}

/** A line of text under the facts. */
export function RecordNote({ children }: { children: ReactNode }) {
  return <p className="isl-record__notes">{children}</p>;
}

/** The record's buttons or links: in a `<div>`, or in a `<p>` with `paragraph`. */
export function RecordActions({ paragraph = false, children }: { paragraph?: boolean; children: ReactNode }) {
  return paragraph ? <p className="isl-record__actions">{children}</p> : <div className="isl-record__actions">{children}</div>;
}

/** A record on one line (from md up): `<li class="card isl-record isl-record--row">` with its kind, its link, then `children`. */
export function RecordRow({ eyebrow, title, href, children }: { eyebrow: ReactNode; title: ReactNode; href: string; children?: ReactNode }) {
  return (
    <li className="card isl-record isl-record--row">
      <p className="card-eyebrow">{eyebrow}</p>
      <a className="isl-record__title" href={href}>
        {title}
      </a>
      {children}
    </li>
  );
}
