import { useEffect, useState } from 'react';
import { useIsLoading } from '../lib/loading.ts';

/** Covers the page while a call is in flight; the spinner appears only if the call takes a moment. */
export function LoadingOverlay() {
  const isLoading = useIsLoading();
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    if (!isLoading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 250);
    return () => clearTimeout(timer);
  }, [isLoading]);
  if (!isLoading) return null;
  return (
    <div className={`loading-overlay${isVisible ? ' loading-overlay--visible' : ''}`} data-testid="loading-overlay">
      {isVisible ? <div className="spinner" role="progressbar" aria-label="Loading" /> : null}
    </div>
  );
}
