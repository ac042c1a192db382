// Whether a part of the page is on screen or about to be (issue #34): a card far down a phone's screen
// fetches its code and data when the user scrolls towards it, not while the first screen is painting.
// Once near, it stays near. Without IntersectionObserver (an old browser, a unit test's DOM) it is near.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useNearView<T extends Element>(margin = '300px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || near) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [near, margin],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, near];
}
