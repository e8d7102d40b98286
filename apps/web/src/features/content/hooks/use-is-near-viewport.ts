import { type RefObject, useEffect, useState } from 'react';

/** True once the element comes within `margin` of the viewport, and from then on. */
export function useIsNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, isNear]);
  return isNear;
}
