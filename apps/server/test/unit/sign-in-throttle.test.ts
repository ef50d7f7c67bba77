import { describe, expect, it } from 'vitest';
import {
  addressKey,
  delayAfter,
  memorySignInThrottle,
  THROTTLE,
  throttleWithFallback,
} from '../../src/modules/auth/throttle';

describe('sign-in throttle (issue 15)', () => {
  it('lets five wrong tries go, then doubles the wait up to 15 minutes', () => {
    const free = THROTTLE.freeFailures;
    expect([1, 2, 3, 4].map((n) => delayAfter(n, free))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => delayAfter(n, free))).toEqual([1000, 2000, 4000, 8000]);
    expect(delayAfter(40, free)).toBe(15 * 60_000);
    expect(delayAfter(10_000, free)).toBe(15 * 60_000);
  });

  it('holds back only the address that failed, and forgets it after a right password', async () => {
    let now = 0;
    const throttle = memorySignInThrottle(() => now);
    for (let i = 0; i < 5; i += 1) await throttle.failed('10.0.0.1', 'Owner@example.com');
    expect(await throttle.waitMs('10.0.0.1', 'owner@example.com')).toBe(1000);
    expect(await throttle.waitMs('10.0.0.2', 'owner@example.com')).toBe(0);
    expect(await throttle.waitMs('10.0.0.1', 'other@example.com')).toBe(0);
    now += 1000;
    expect(await throttle.failed('10.0.0.1', 'owner@example.com')).toBe(2000);
    await throttle.succeeded('10.0.0.1', 'owner@example.com');
    expect(await throttle.waitMs('10.0.0.1', 'owner@example.com')).toBe(0);
    expect(await throttle.failed('10.0.0.1', 'owner@example.com')).toBe(0);
  });

  it('past the account ceiling every address gets one free try, not none', async () => {
    const throttle = memorySignInThrottle(() => 0);
    for (let i = 0; i < THROTTLE.accountCeiling; i += 1) {
      await throttle.failed(`10.1.${Math.floor(i / 200)}.${i % 200}`, 'owner@example.com');
    }
    // A new address still gets its first try at once; its first failure then costs a wait.
    expect(await throttle.waitMs('192.168.0.9', 'owner@example.com')).toBe(0);
    expect(await throttle.failed('192.168.0.9', 'owner@example.com')).toBe(1000);
  });
});

describe('sign-in throttle by device (device tokens)', () => {
  it('counts a device apart from its address, with the same waits', async () => {
    const throttle = memorySignInThrottle(() => 0);
    const device = { device: '6f1c0e3a-0000-4000-8000-000000000001' };
    for (let i = 0; i < 7; i += 1) await throttle.failed('10.0.0.1', 'owner@example.com');
    expect(await throttle.waitMs('10.0.0.1', 'owner@example.com')).toBeGreaterThan(0);
    expect(await throttle.waitMs(device, 'owner@example.com')).toBe(0);
    for (let i = 0; i < 4; i += 1)
      expect(await throttle.failed(device, 'owner@example.com')).toBe(0);
    expect(await throttle.failed(device, 'Owner@example.com')).toBe(1000);
    expect(await throttle.waitMs(device, 'owner@example.com')).toBe(1000);
    // Another device, or another account on this device, starts from nothing.
    expect(await throttle.waitMs({ device: 'other' }, 'owner@example.com')).toBe(0);
    expect(await throttle.waitMs(device, 'other@example.com')).toBe(0);
    // A success on the device clears the device only.
    await throttle.succeeded(device, 'owner@example.com');
    expect(await throttle.waitMs(device, 'owner@example.com')).toBe(0);
    expect(await throttle.waitMs('10.0.0.1', 'owner@example.com')).toBeGreaterThan(0);
  });

  it('neither counts device tries toward the account ceiling nor cuts their free tries', async () => {
    const throttle = memorySignInThrottle(() => 0);
    for (let i = 0; i < THROTTLE.accountCeiling; i += 1) {
      await throttle.failed({ device: `d${i}` }, 'owner@example.com');
    }
    // Devices made 100 wrong tries: an address still has its five free ones.
    expect(await throttle.failed('192.168.0.9', 'owner@example.com')).toBe(0);
    for (let i = 0; i < THROTTLE.accountCeiling; i += 1) {
      await throttle.failed(`10.1.${Math.floor(i / 200)}.${i % 200}`, 'owner@example.com');
    }
    // Past the ceiling (addresses), a device keeps its five free tries.
    expect(await throttle.failed('192.168.0.10', 'owner@example.com')).toBe(1000);
    for (let i = 0; i < 4; i += 1) {
      expect(await throttle.failed({ device: 'mine' }, 'owner@example.com')).toBe(0);
    }
    expect(await throttle.failed({ device: 'mine' }, 'owner@example.com')).toBe(1000);
  });
});

describe('sign-in throttle without Redis', () => {
  it('counts in the process when the shared store fails', async () => {
    const failing = {
      waitMs: () => Promise.reject(new Error('down')),
      failed: () => Promise.reject(new Error('down')),
      succeeded: () => Promise.reject(new Error('down')),
    };
    const errors: unknown[] = [];
    const throttle = throttleWithFallback(
      failing,
      memorySignInThrottle(() => 0),
      (error) => errors.push(error),
    );
    for (let i = 0; i < 5; i += 1) await throttle.failed('10.0.0.1', 'owner@example.com');
    expect(await throttle.waitMs('10.0.0.1', 'owner@example.com')).toBe(1000);
    expect(errors).toHaveLength(6);
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unmaps IPv4-mapped IPv6, and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
