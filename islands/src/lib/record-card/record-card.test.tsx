import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Fact, RecordActions, RecordCard, RecordNote, RecordRow, StatusTag } from './record-card.tsx';

/** The list that `markup` (of `<li>`s) renders, in the document. */
function listOf(markup: string): HTMLUListElement {
  const list = document.createElement('ul');
  list.innerHTML = markup;
  return list;
}

const card = (title: string, extra: { labelled?: boolean; level?: 2 | 3 } = {}) => (
  <RecordCard
    level={extra.level ?? 2}
    labelled={extra.labelled}
    title={<a href="/services/details?id=3">{title}</a>}
    tag={<StatusTag status="Approved" />}
    facts={
      <>
        <Fact term="Date">1 March 2030</Fact>
        <Fact term="Amount">£40.00</Fact>
      </>
    }
  >
    <RecordNote>Notes: ring twice</RecordNote>
    <RecordActions>
      <button type="button">Cancel</button>
    </RecordActions>
  </RecordCard>
);

describe('RecordCard', () => {
  it('is a card named by its heading, with its tag, facts and then its children', () => {
    const list = listOf(renderToStaticMarkup(card('Cleaning')));
    const item = list.querySelector('li')!;
    const heading = item.querySelector('h2')!;
    expect(heading.id).not.toBe('');
    expect(item.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(item.outerHTML.split(heading.id).join('ID')).toBe(
      '<li class="card isl-record" aria-labelledby="ID">' +
        '<div class="isl-record__head"><h2 class="isl-record__title" id="ID"><a href="/services/details?id=3">Cleaning</a></h2>' +
        '<span class="isl-tag isl-tag--approved">Approved</span></div>' +
        '<dl class="facts isl-record__facts"><div><dt>Date</dt><dd>1 March 2030</dd></div><div><dt>Amount</dt><dd>£40.00</dd></div></dl>' +
        '<p class="isl-record__notes">Notes: ring twice</p>' +
        '<div class="isl-record__actions"><button type="button">Cancel</button></div>' +
        '</li>',
    );
  });

  it('gives each card of a list its own heading id', () => {
    const list = listOf(
      renderToStaticMarkup(
        <>
          {card('Cleaning', { level: 3 })}
          {card('Gardening', { level: 3 })}
        </>,
      ),
    );
    const items = [...list.querySelectorAll('li')];
    const named = items.map((item) => list.querySelector(`[id="${item.getAttribute('aria-labelledby')}"]`));
    expect(named.map((heading) => [heading?.tagName, heading?.textContent])).toEqual([
      ['H3', 'Cleaning'],
      ['H3', 'Gardening'],
    ]);
    expect(new Set(items.map((item) => item.getAttribute('aria-labelledby'))).size).toBe(2);
  });

  it('leaves the card unnamed, and its heading without an id, when not labelled', () => {
    const item = listOf(renderToStaticMarkup(card('Cleaning', { labelled: false }))).querySelector('li')!;
    expect(item.hasAttribute('aria-labelledby')).toBe(false);
    expect(item.querySelector('h2')!.hasAttribute('id')).toBe(false);
  });
});

describe('RecordActions', () => {
  it('is a div, or a paragraph when asked', () => {
    expect(renderToStaticMarkup(<RecordActions>x</RecordActions>)).toBe('<div class="isl-record__actions">x</div>');
    expect(renderToStaticMarkup(<RecordActions paragraph>x</RecordActions>)).toBe('<p class="isl-record__actions">x</p>');
  });
});

describe('RecordRow', () => {
  it('is a one-line card: kind, link, then its children', () => {
    const markup = renderToStaticMarkup(
      <RecordRow eyebrow="Job" title="Night porter" href="/apply?id=7">
        <button type="button">Remove</button>
      </RecordRow>,
    );
    expect(markup).toBe(
      '<li class="card isl-record isl-record--row"><p class="card-eyebrow">Job</p>' +
        '<a class="isl-record__title" href="/apply?id=7">Night porter</a><button type="button">Remove</button></li>',
    );
  });
});
