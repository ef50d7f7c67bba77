import { describe, expect, expectTypeOf, it } from 'vitest';
import { CLIENT_TO_SERVER, isServerEventName, SERVER_TO_CLIENT } from '../src/realtime/contract';
import type {
  ClientEventAck,
  ServerEventPayload,
  ServerToClientEvents,
} from '../src/realtime/contract';
import type { ChatMessage } from '../src/chat/contract';
import {
  ACK_RESULTS,
  CLIENT_EVENTS,
  SERVER_EVENTS,
  SUBSCRIPTION_CHANNELS,
} from '../src/realtime/names';

describe('realtime channel names', () => {
  it('lists every event of the spec once', () => {
    // The spec's 22, and ours: SetDataSaver (issue 19), WatchServerStats (issue 23).
    expect(CLIENT_EVENTS).toHaveLength(24);
    // The spec's 30, and ours: PhoneCodeUndelivered (issue 16), DataSaverChanged (issue 19).
    expect(SERVER_EVENTS).toHaveLength(32);
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

describe('the realtime contract', () => {
  it('maps only events of the catalogue, each with a payload schema', () => {
    for (const [name, event] of Object.entries(SERVER_TO_CLIENT)) {
      expect(SERVER_EVENTS).toContain(name);
      expect(event.payload.safeParse(undefined).success).toBe(false);
    }
    for (const name of Object.keys(CLIENT_TO_SERVER)) expect(CLIENT_EVENTS).toContain(name);
    expect(isServerEventName('LessonBooked')).toBe(true);
    expect(isServerEventName('SendMessage')).toBe(false);
    expect(isServerEventName('toString')).toBe(false);
  });

  it('types socket.io listeners from the payload schemas', () => {
    expectTypeOf<Parameters<ServerToClientEvents['TutorUpdated']>[0]>().toEqualTypeOf<
      ServerEventPayload<'TutorUpdated'>
    >();
    expectTypeOf<ServerEventPayload<'TutorsCacheUpdated'>>().toEqualTypeOf<{
      at: string;
      tutorIds: number[] | null;
    }>();
  });

  it('drops fields a payload schema does not name', () => {
    const payload = SERVER_TO_CLIENT.PhoneCodeUndelivered.payload.parse({
      code: 'unresolved-phone',
      message: 'x',
      phone: '+201012345678',
      userId: 5,
    });
    expect(payload).toEqual({ code: 'unresolved-phone', message: 'x', phone: '+201012345678' });
  });
});

describe('the client events of the contract', () => {
  it('declare an acknowledgement schema whose results are the event’s acks', () => {
    for (const [name, event] of Object.entries(CLIENT_TO_SERVER)) {
      for (const result of event.acks) {
        expect(event.ack.safeParse({ result }).success, `${name} ${result}`).toBe(true);
      }
      const foreign = ACK_RESULTS.filter(
        (result) => !(event.acks as readonly string[]).includes(result),
      );
      for (const result of foreign) {
        expect(event.ack.safeParse({ result }).success, `${name} ${result}`).toBe(false);
      }
    }
  });

  it('types the acknowledgement from its schema', () => {
    expectTypeOf<ClientEventAck<'SendMessage'>['result']>().toEqualTypeOf<
      'ok' | 'empty-text' | 'room-not-found' | 'not-member' | 'unallowed' | 'unreachable'
    >();
    expectTypeOf<ClientEventAck<'SendMessage'>['message']>().toEqualTypeOf<
      ChatMessage | undefined
    >();
  });
});
