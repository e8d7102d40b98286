import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by location key, for as long as the tab keeps the app. */
const positions = new Map<string, number>();

/**
 * A new page opens at its top; back and forward return to where the page was left; a link to an anchor is the
 * browser's to scroll. The first page keeps the browser's position: a prerendered page may be scrolled before the
 * app runs.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const shownKey = useRef(key);

  useLayoutEffect(() => {
    if (shownKey.current !== key) {
      shownKey.current = key;
      if (!hash) window.scrollTo(0, navigationType === 'POP' ? (positions.get(key) ?? 0) : 0);
    }
    // recorded only while the entry is on screen: by the time the next page is in, the old position is gone
    const record = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [key, hash, navigationType]);

  return null;
}
