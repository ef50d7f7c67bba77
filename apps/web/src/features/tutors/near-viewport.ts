import { useEffect, useRef, useState } from 'react';

/** How far below the fold a card starts loading its picture, so it is there when scrolled to. */
const AHEAD = '300px';

/**
 * True once the element has come near the viewport (and stays true): what a list waits for
 * before fetching a picture. Without IntersectionObserver everything counts as near.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
