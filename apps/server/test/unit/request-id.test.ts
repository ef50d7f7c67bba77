import { describe, expect, it } from 'vitest';
import { requestIdFrom } from '../../src/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it.each([
    'abc',
    'a1b2-c3d4',
    'req_1.2:3',
    '0'.repeat(64),
    'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  ])('keeps the sane id %s', (id) => {
    expect(requestIdFrom(id)).toBe(id);
  });

  it.each(['', 'has space', 'a\nb', '<script>', '0'.repeat(65), 'é', 'a,b'])(
    'replaces %j with a fresh uuid',
    (id) => {
      expect(requestIdFrom(id)).toMatch(UUID);
    },
  );

  it('makes a fresh uuid when there is no header, and takes the first of several', () => {
    expect(requestIdFrom(undefined)).toMatch(UUID);
    expect(requestIdFrom(['first', 'second'])).toBe('first');
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
