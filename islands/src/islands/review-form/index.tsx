import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { submitReview } from '../../lib/marketplace/actions.ts';
import { RATING_MAX, RATING_MIN } from '../../lib/marketplace/messages.ts';
import { loginUrlReturningTo } from '../../lib/navigation/redirect.ts';
import { useAppStore } from '../../lib/store/index.ts';

export interface ReviewFormProps {
  /** The service's id (`/services/details?id=N`). */
  readonly service?: unknown;
}

const DETAILS_PAGE = '/services/details';
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

const serviceIdOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

const starsLabel = (rating: number): string => `${rating} star${rating === 1 ? '' : 's'}`;

function SignedOut({ service }: { service: number }) {
  const login = loginUrlReturningTo({ pathname: DETAILS_PAGE, search: `?id=${service}`, hash: '' });
  return (
    <div className="notice">
      <p>Sign in to leave a review of this service.</p>
      <p className="notice-actions">
        <a className="button button--primary" href={login}>
          Sign in
        </a>
        <a href="/user/register">Create an account</a>
      </p>
    </div>
  );
}

/**
 * The rating: a group of five radio buttons drawn as stars. Native radios give the keyboard
 * behaviour (Tab into the group, arrow keys to choose) and announce "3 stars, 3 of 5".
 */
function StarRating({ value, onChange }: { value: number | null; onChange: (rating: number) => void }) {
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset className="isl-rating">
      <legend className="field-label">Your rating</legend>
      <div className="isl-rating__stars" onMouseLeave={() => setHovered(null)}>
        {RATINGS.map((rating) => (
          <span key={rating} className="isl-rating__option">
            <input
              className="isl-rating__input"
              type="radio"
              id={`${id}-${rating}`}
              name="rating"
              value={rating}
              required
              checked={value === rating}
              onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(Number(event.currentTarget.value))}
            />
            <label
              className={`isl-rating__star${rating <= shown ? ' isl-rating__star--on' : ''}`}
              htmlFor={`${id}-${rating}`}
              onMouseEnter={() => setHovered(rating)}
            >
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{starsLabel(rating)}</span>
            </label>
          </span>
        ))}
      </div>
      <p className="field-hint" aria-live="polite">
        {value === null ? 'Choose from 1 to 5 stars.' : `You chose ${starsLabel(value)} out of ${RATING_MAX}.`}
      </p>
    </fieldset>
  );
}

/**
 * /services/details?id=N: a signed-in member rates the service (1 to 5 stars) and writes a
 * review. Without a rating or without text nothing is sent and the alert reads 'Rating &
 * review are required'. The server renders nothing here: the page's `<noscript>` says that a
 * review needs JavaScript and sign-in; once hydrated, a signed-out visitor gets a way to sign
 * in and come back to this service.
 */
export default function ReviewForm(props: ReviewFormProps) {
  const service = serviceIdOf(props.service);
  const hydrated = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const reviewId = useId();

  if (service === null || !hydrated) return null;
  if (!signedIn) return <SignedOut service={service} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    void submitReview({ service, rating, review })
      .then((result) => {
        if (!result.success) return;
        setRating(null);
        setReview('');
      })
      .finally(() => {
        busy.current = false;
        setSubmitting(false);
      });
  };

  // No action or method: the form only ever exists with JavaScript, and is sent by it.
  // noValidate: an incomplete form gets the spec's alert, not the browser's bubble.
  return (
    <form className="form isl-review-form" noValidate onSubmit={onSubmit}>
      <StarRating value={rating} onChange={setRating} />
      <div className="field">
        <label className="field-label" htmlFor={reviewId}>
          Your review
        </label>
        <textarea
          id={reviewId}
          name="review"
          rows={5}
          required
          value={review}
          onChange={(event) => setReview(event.currentTarget.value)}
        />
      </div>
      <button className="button button--primary" type="submit" disabled={submitting} aria-busy={submitting ? true : undefined}>
        Submit review
      </button>
    </form>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
