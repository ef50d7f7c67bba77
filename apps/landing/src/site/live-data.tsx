import { createContext, useContext } from 'react';
import type { Plan, PublicStats } from '@talaqa/domain';

/**
 * What a page shows from the database (record 355): the server renders `/pricing` and the home
 * again whenever these change, so the prerendered HTML never shows a stale price. `undefined`
 * means "not known" (the build, or a database that did not answer), never "none".
 */
export interface LiveData {
  /** The plans on sale to everyone, as `GET /plan/list` answers a visitor. */
  plans?: readonly Plan[] | undefined;
  /** Listed tutors and lessons given (`GET /stats/public`). */
  stats?: PublicStats | undefined;
}

export const LiveDataContext = createContext<LiveData>({});

export const useLiveData = (): LiveData => useContext(LiveDataContext);
