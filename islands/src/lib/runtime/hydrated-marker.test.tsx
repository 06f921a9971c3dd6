import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { HydratedMarker } from './hydrated-marker.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('HydratedMarker', () => {
  it('renders only its children and marks the root once committed', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() =>
      root.render(
        <HydratedMarker root={host}>
          <span>child</span>
        </HydratedMarker>,
      ),
    );
    expect(host.innerHTML).toBe('<span>child</span>');
    expect(host.dataset.hydrated).toBe('true');
    act(() => root.unmount());
  });
});
