import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { submitReview } from '../../lib/marketplace/actions.ts';
import { RATING_MAX, RATING_MIN } from '../../lib/marketplace/messages.ts';
import { MemberFields, MemberSubmit } from '../../lib/member-services/controls.tsx';
import { idOf } from '../../lib/member-services/record-id.ts';
import type { ServerTemplate } from '../../lib/server/server-template.ts';
import { useAppStore } from '../../lib/store/index.ts';

export interface ReviewFormProps {
  /** The service's id (`/services/details?id=N`). */
  readonly service?: unknown;
}

const DETAILS_PAGE = '/services/details';
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

const starsLabel = (rating: number): string => `${rating} star${rating === 1 ? '' : 's'}`;

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
 * The server renders this island once per shape and fills these props in (see ServerTemplate). The
 * service's id is only shown, in the way back after signing in.
 */
export const serverTemplate: ServerTemplate = { service: 'id' };

/**
 * /services/details?id=N: a signed-in member rates the service (1 to 5 stars) and writes a
 * review. Without a rating or without text nothing is sent and the alert reads 'Rating &
 * review are required'. The server renders the form as anyone but a member sees it: its fields
 * disabled and, in place of its button, a way to sign in that comes back to this service (the
 * page's `<noscript>` adds that it needs JavaScript). A member's form takes the same room.
 */
export default function ReviewForm(props: ReviewFormProps) {
  const service = idOf(props.service);
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const member = useAppStore((state) => state.session.accessToken !== null);
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const reviewId = useId();

  if (service === null) return null;

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

  // No action or method: only a member's form has a button, and it is sent by JavaScript.
  // noValidate: an incomplete form gets the spec's alert, not the browser's bubble.
  return (
    <form className="form isl-review-form" noValidate onSubmit={onSubmit}>
      <MemberFields member={member}>
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
      </MemberFields>
      <MemberSubmit
        member={member}
        busy={submitting}
        label="Submit review"
        signInFor="to leave a review of this service."
        path={`${DETAILS_PAGE}?id=${service}`}
      />
    </form>
  );
}
