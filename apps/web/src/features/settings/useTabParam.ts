import { useSearchParams } from 'react-router';

/** The open tab kept in `?tab=`, so a link (or a reload) opens the right one. */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const value = (tabs as readonly string[]).includes(asked ?? '') ? (asked as T) : fallback;
  const setValue = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [value, setValue] as const;
}
