/**
 * Rules of the dashboards' statistics (decision 327). Weeks are Cairo weeks, Saturday first
 * (`cairoWeekBounds`); a lesson counts once it took place (status fulfilled), in the week it
 * started.
 */

/** Weeks a dashboard chart may ask for, and how many it gets without asking. */
export const STATS_WEEKS_DEFAULT = 12;
/** Also how far back a student's streaks look, whatever the chart asks for. */
export const STATS_WEEKS_MAX = 52;

export interface WeekStreaks {
  /** Weeks in a row with a lesson, up to this week (or up to last week while this one has none). */
  current: number;
  /** The longest such run in the weeks looked at. */
  longest: number;
}

/**
 * A student's streaks from whether each Cairo week had a lesson, oldest first, the current week
 * last. The current week without a lesson yet does not break the run: the week is not over.
 */
export function weekStreaks(active: readonly boolean[]): WeekStreaks {
  let longest = 0;
  let run = 0;
  for (const week of active) {
    run = week ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  let current = 0;
  let index = active.length - 1;
  if (index >= 0 && !active[index]) index -= 1;
  while (index >= 0 && active[index]) {
    current += 1;
    index -= 1;
  }
  return { current, longest };
}
