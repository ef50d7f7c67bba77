/**
 * What the Fawry and Paymob simulators share: the Luhn check of a typed card number, and the
 * connections of refunds told to take the money and never answer (`failNextRefund` hang).
 */
import type { Socket } from 'node:net';

/** 12 to 19 digits whose Luhn checksum holds, as every card number's does. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface HeldConnections {
  /** Keeps the socket open without an answer, then drops it after `ms`. */
  hold(socket: Socket, ms: number): void;
  /** Drops every held socket at once (on close). */
  dropAll(): void;
}

export function createHeldConnections(): HeldConnections {
  const held = new Set<Socket>();
  return {
    hold(socket, ms) {
      held.add(socket);
      const timer = setTimeout(() => socket.destroy(), ms);
      socket.once('close', () => {
        clearTimeout(timer);
        held.delete(socket);
      });
    },
    dropAll() {
      for (const socket of held) socket.destroy();
    },
  };
}
