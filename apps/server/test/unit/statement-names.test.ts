import { describe, expect, it } from 'vitest';
import { statementNames } from '../../src/db/postgres';

describe('statementNames', () => {
  it('gives a text the same name every time and different texts different names', () => {
    const nameOf = statementNames(10);
    const first = nameOf('select 1 where $1 = 1');
    const second = nameOf('select 2 where $1 = 2');
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(nameOf('select 1 where $1 = 1')).toBe(first);
  });

  it('names no new text past the limit but keeps the names it gave', () => {
    const nameOf = statementNames(2);
    const a = nameOf('a $1');
    const b = nameOf('b $1');
    expect(nameOf('c $1')).toBeUndefined();
    expect(nameOf('a $1')).toBe(a);
    expect(nameOf('b $1')).toBe(b);
  });
});
