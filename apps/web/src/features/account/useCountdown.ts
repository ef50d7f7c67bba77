import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (an ISO instant), ticking every second; 0 once it passed. */
export function useCountdown(until: string | null | undefined): number {
  const target = until ? Date.parse(until) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(target)) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= target) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return Number.isFinite(target) ? Math.max(0, Math.ceil((target - now) / 1000)) : 0;
}
