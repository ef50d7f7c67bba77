import { describe, expect, it } from 'vitest';
import { handshakeToken } from '../../src/realtime/auth';

describe('handshakeToken', () => {
  it('prefers the auth payload, with or without a Bearer prefix', () => {
    expect(handshakeToken({ auth: { token: 'a.b.c' }, headers: {} })).toBe('a.b.c');
    expect(handshakeToken({ auth: { token: 'Bearer a.b.c' }, headers: {} })).toBe('a.b.c');
  });

  it('falls back to the Authorization header', () => {
    expect(handshakeToken({ auth: {}, headers: { authorization: 'Bearer h.e.d' } })).toBe('h.e.d');
  });

  it('finds nothing in other shapes', () => {
    expect(handshakeToken({ auth: { token: 42 }, headers: {} })).toBeUndefined();
    expect(handshakeToken({ auth: {}, headers: { authorization: 'Basic xyz' } })).toBeUndefined();
    expect(handshakeToken({ auth: {}, headers: {} })).toBeUndefined();
  });
});
