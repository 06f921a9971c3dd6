import { useAppStore } from '../store/index.ts';

/**
 * Covers the page while the global loading flag is on. The polite live region stays in
 * the page, empty while nothing loads, so "Loading..." is announced when it appears.
 */
export default function FullScreenLoader() {
  const loading = useAppStore((state) => state.loading);
  return (
    <div className="isl-loader-region" role="status" aria-live="polite">
      {loading && (
        <div className="isl-loader">
          <span className="isl-loader__spinner" aria-hidden="true" />
          <p className="isl-loader__text">Loading...</p>
        </div>
      )}
    </div>
  );
}
