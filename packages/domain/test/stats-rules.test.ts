import { describe, expect, it } from 'vitest';
import { weekStreaks } from '../src/stats/rules';

/** A student's week streaks (decision 327): oldest week first, the current week last. */
describe('weekStreaks', () => {
  it('is zero without any week or lesson', () => {
    expect(weekStreaks([])).toEqual({ current: 0, longest: 0 });
    expect(weekStreaks([false, false, false])).toEqual({ current: 0, longest: 0 });
  });

  it('counts the run up to this week', () => {
    expect(weekStreaks([true, false, true, true])).toEqual({ current: 2, longest: 2 });
    expect(weekStreaks([true, true, true, false, true])).toEqual({ current: 1, longest: 3 });
  });

  it('keeps the run while this week has no lesson yet, and breaks it after a whole week', () => {
    expect(weekStreaks([true, true, false])).toEqual({ current: 2, longest: 2 });
    expect(weekStreaks([true, true, false, false])).toEqual({ current: 0, longest: 2 });
  });
});
