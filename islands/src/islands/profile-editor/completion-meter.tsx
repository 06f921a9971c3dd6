import { useId } from 'react';
import { missingItems, profileCompletion } from '../../lib/account/profile-completion.ts';
import type { User } from '../../lib/store/app-state.ts';
import { ITEM_LABELS } from './labels.ts';

/** The profile completion percentage (14 items) as a labelled meter, and what is missing. */
export function CompletionMeter({ user }: { user: User }) {
  const id = useId();
  const percent = profileCompletion(user);
  const missing = missingItems(user);
  return (
    <div className="isl-completion">
      <div className="isl-completion__head">
        <label className="isl-completion__label" htmlFor={id}>
          Profile completion
        </label>
        <span className="isl-completion__value" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <meter className="isl-completion__meter" id={id} min={0} max={100} low={50} high={99} optimum={100} value={percent}>
        {percent}%
      </meter>
      {missing.length > 0 ? (
        <p className="isl-completion__missing">Still to add: {missing.map((item) => ITEM_LABELS[item]).join(', ')}.</p>
      ) : (
        <p className="isl-completion__missing">Your profile is complete.</p>
      )}
    </div>
  );
}
