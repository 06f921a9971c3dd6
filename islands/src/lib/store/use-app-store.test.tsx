import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore, initialAppState, setLoading, useAppStore } from './index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function LoadingText() {
  const loading = useAppStore((state) => state.loading);
  return <span>{loading ? 'on' : 'off'}</span>;
}

describe('useAppStore', () => {
  afterEach(() => appStore.setState(initialAppState));

  it('renders the initial state on the server whatever the current state', () => {
    setLoading(true);
    expect(renderToString(<LoadingText />)).toBe('<span>off</span>');
  });

  it('re-renders subscribers in the browser when the state changes', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<LoadingText />));
    expect(host.textContent).toBe('off');
    act(() => setLoading(true));
    expect(host.textContent).toBe('on');
    act(() => root.unmount());
  });
});
