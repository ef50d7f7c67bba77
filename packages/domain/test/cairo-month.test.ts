import { describe, expect, it } from 'vitest';
import { cairoMonthOf, cairoMonthRange, shiftCairoMonth } from '../src/time';

describe('Cairo months (decision 335)', () => {
  it('starts each month at 00:00 Cairo, +3 in summer and +2 in winter', () => {
    expect(cairoMonthRange('2026-08')).toEqual({
      start: new Date('2026-07-31T21:00:00Z'),
      end: new Date('2026-08-31T21:00:00Z'),
    });
    // Summer time ends on the last Thursday of October: November starts at +2.
    expect(cairoMonthRange('2026-11')).toEqual({
      start: new Date('2026-10-31T22:00:00Z'),
      end: new Date('2026-11-30T22:00:00Z'),
    });
    expect(cairoMonthRange('2026-12').end).toEqual(new Date('2026-12-31T22:00:00Z'));
    expect(() => cairoMonthRange('2026-13')).toThrow(RangeError);
  });

  it('names the month of an instant on a Cairo calendar and steps across years', () => {
    expect(cairoMonthOf(new Date('2026-10-31T21:59:59Z'))).toBe('2026-10');
    expect(cairoMonthOf(new Date('2026-10-31T22:00:00Z'))).toBe('2026-11');
    expect(shiftCairoMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftCairoMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftCairoMonth('2026-11', -13)).toBe('2025-10');
  });
});
