import { useState } from 'react';
import { SubmitButton, TextAreaField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { apiRequest } from '../../lib/api/client.ts';
import type { ActionResult } from '../../lib/api/result.ts';
import type { ApiSchemas } from '../../lib/api/types.ts';
import { isShownTo } from '../../lib/member-services/audience.ts';
import { idOf } from '../../lib/member-services/record-id.ts';
import { loginUrlReturningTo } from '../../lib/navigation/redirect.ts';
import { logWarning } from '../../lib/runtime/log.ts';
import type { ServerTemplate } from '../../lib/server/server-template.ts';
import { useAppStore } from '../../lib/store/index.ts';

export interface ReviewReportProps {
  readonly review?: unknown;
  readonly service?: unknown;
}

const FIELDS = ['reason'] as const;

async function report(review: number, data: FormData): Promise<ActionResult<ApiSchemas['MessageAnswer']>> {
  try {
    const answer = await apiRequest<ApiSchemas['MessageAnswer']>('POST', `/api/reviews/${review}/report/`, { json: { reason: formText(data, 'reason').trim() } });
    return { success: true, data: answer };
  } catch (error) {
    logWarning('review report failed', error);
    return { success: false, error };
  }
}

/**
 * The server renders this island once per shape and fills these props in (see ServerTemplate). The
 * ids are only shown, in the way back after signing in.
 */
export const serverTemplate: ServerTemplate = { review: 'id', service: 'id' };

/**
 * Under each review on a service's page: "Report this review" opens a short form, which tells
 * staff what is wrong with it. The server renders what anyone but a member has: a link to sign
 * in that comes back to the service; a member's button, drawn before React loads, looks the same.
 */
export default function ReviewReport(props: ReviewReportProps) {
  const review = idOf(props.review);
  const service = idOf(props.service);
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const member = useAppStore((state) => state.session.accessToken !== null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useAccountForm(FIELDS, async (data) => {
    const result = await report(review ?? 0, data);
    if (result.success) setDone(result.data.message);
    return result;
  });
  if (review === null) return null;
  if (done !== null) return <p className="isl-review-report" role="status">{done}</p>;
  if (!open) {
    // Both ways in, the other audience's hidden, so that the runtime can show a member theirs before React loads.
    const login = loginUrlReturningTo({ pathname: '/services/details', search: service === null ? '' : `?id=${service}`, hash: '' });
    return (
      <>
        <a
          className="isl-review-report isl-review-report__open"
          href={login}
          title="Sign in to report this review"
          data-for="visitor"
          hidden={!isShownTo('visitor', member)}
        >
          Report this review
        </a>
        <button
          type="button"
          className="isl-review-report isl-review-report__open"
          onClick={() => setOpen(true)}
          data-for="member"
          hidden={!isShownTo('member', member)}
          disabled={!isShownTo('member', member)}
        >
          Report this review
        </button>
      </>
    );
  }
  return (
    <form className="form isl-review-report" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <TextAreaField name="reason" label="What is wrong with this review?" rows={3} error={form.errors.reason} />
      <SubmitButton busy={form.submitting}>Send report</SubmitButton>
    </form>
  );
}
