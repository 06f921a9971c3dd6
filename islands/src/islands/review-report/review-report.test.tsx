import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorOf, field, fillAndSubmit, settle } from '../../../test/forms.ts';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { serverMarkup } from '../../../test/server-markup.ts';
import { startSignedInSession } from '../../lib/store/index.ts';
import ReviewReport from './index.tsx';

const PROPS = { review: 7, service: 40 };

/** The member's "Report this review", if shown (a visitor's is in the markup, hidden). */
function reportButton(root: Element) {
  return [...root.querySelectorAll('button')].find((b) => b.textContent === 'Report this review' && !b.hidden);
}

describe('review-report', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
  });

  it('renders on the server a link for a visitor: sign in and come back to the service', () => {
    const link = serverMarkup('review-report', PROPS).querySelector('a')!;
    expect(link.textContent).toBe('Report this review');
    expect(link.getAttribute('href')).toBe('/user/login?redirect=%2Fservices%2Fdetails%3Fid%3D40');
  });

  it('keeps that link for a signed-out visitor once hydrated, without a mismatch', async () => {
    t.island = await hydrateServerMarkup('review-report', ReviewReport, PROPS);
    expect(t.island.errors).toEqual([]);
    expect(t.island.element.querySelector('a')?.getAttribute('href')).toBe('/user/login?redirect=%2Fservices%2Fdetails%3Fid%3D40');
    expect(reportButton(t.island.element)).toBeUndefined();
  });

  it('reports with a reason, and says it was received', async () => {
    startSignedInSession('access-1', 'r1');
    const island = await hydrateServerMarkup('review-report', ReviewReport, PROPS);
    t.island = island;
    act(() => reportButton(island.element)?.click());
    t.api.on('POST /api/reviews/7/report/', { status: 400, body: { error: true, message: 'Bad', reason: ['This field is required.'] } });
    await fillAndSubmit(island.element, { 'What is wrong with this review?': ' ' });
    await settle();
    expect(errorOf(field(island.element, 'What is wrong with this review?'))).toBe('This field is required.');
    t.api.on('POST /api/reviews/7/report/', { status: 201, body: { message: 'Thank you. Our team will look at this review.' } });
    await fillAndSubmit(island.element, { 'What is wrong with this review?': 'It is about another company.' });
    await settle();
    expect(t.api.callsTo('POST /api/reviews/7/report/')[1]?.body).toEqual({ reason: 'It is about another company.' });
    expect(island.element.textContent).toBe('Thank you. Our team will look at this review.');
  });
});
