import { describe, expect, it } from 'vitest';
import { ACK_RESULTS, CLIENT_EVENTS, SERVER_EVENTS, SUBSCRIPTION_CHANNELS } from '../src/realtime';

describe('realtime channel names', () => {
  it('lists every event of the spec once', () => {
    expect(CLIENT_EVENTS).toHaveLength(22);
    // The spec's 30, and ours: PhoneCodeUndelivered (issue 16).
    expect(SERVER_EVENTS).toHaveLength(31);
    expect(new Set(CLIENT_EVENTS).size).toBe(CLIENT_EVENTS.length);
    expect(new Set(SERVER_EVENTS).size).toBe(SERVER_EVENTS.length);
    expect(CLIENT_EVENTS).toContain('disconnect');
  });

  it('channels and acknowledgements', () => {
    expect(SUBSCRIPTION_CHANNELS).toEqual(['TutorsCache', 'AdminInvoices', 'ServerStats']);
    expect(ACK_RESULTS[0]).toBe('empty-text');
    expect(ACK_RESULTS.at(-1)).toBe('ok');
    expect(ACK_RESULTS).toHaveLength(11);
  });
});
