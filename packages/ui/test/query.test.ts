import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../src/query';

describe('createQueryClient', () => {
  it('has the spec client defaults: one retry, no refetch on window focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(1);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });
});
