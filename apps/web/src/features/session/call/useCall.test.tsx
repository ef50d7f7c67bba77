import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, makeUser, resetSession, signInAs } from '../../../testing/fake-api';
import { realtime } from '../../../realtime-channel';
import type { FakeSocket } from '@talaqa/api-client/testing/fake-socket';
import { FakeConnection, fakeConnections } from '../../../testing/fake-peer-connection';
import { useCall } from './useCall';
import type { CallOptions } from './types';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
const STUDENT = makeUser();
const TUTOR_ID = 9001;
const SESSION_ID = 77;

class FakeTrack {
  enabled = true;
  stopped = false;
  constructor(readonly kind: 'video' | 'audio') {}
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return { height: 720 };
  }
  addEventListener() {}
  removeEventListener() {}
}

class FakeStream extends MediaStream {
  constructor(readonly tracks: FakeTrack[]) {
    super();
  }
  override getTracks() {
    return this.tracks as unknown as MediaStreamTrack[];
  }
  override getVideoTracks() {
    return this.getTracks().filter((track) => track.kind === 'video');
  }
  override getAudioTracks() {
    return this.getTracks().filter((track) => track.kind === 'audio');
  }
}

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;

function options(polite = false): CallOptions & { tracks: FakeTrack[] } {
  const tracks = [new FakeTrack('video'), new FakeTrack('audio')];
  return {
    polite,
    sessionId: SESSION_ID,
    userId: STUDENT.id,
    otherUserId: TUTOR_ID,
    stream: new FakeStream(tracks),
    devices: { cameraId: null, microphoneId: null },
    tracks,
  };
}

let socket: FakeSocket;

/** The room answers JoinSession with who is in, and RegisterPeer with the tutor's peer. */
async function joinedCall(present: number[] = [STUDENT.id, TUTOR_ID], polite = false) {
  const call = options(polite);
  socket.answer('JoinSession', () => ({
    result: 'ok',
    session: {
      sessionId: SESSION_ID,
      tutorId: TUTOR_ID,
      studentId: STUDENT.id,
      opensAt: '2026-11-26T15:00:00.000Z',
      closesAt: '2026-11-26T16:00:00.000Z',
      present,
    },
  }));
  socket.answer('RegisterPeer', () => ({
    result: 'ok',
    peers: [{ userId: TUTOR_ID, peerId: 'tutor-peer-1' }],
  }));
  const hook = renderHook(() => useCall(call), { wrapper: strict });
  await waitFor(() => expect(fakeConnections).toHaveLength(1));
  await waitFor(() => expect(socket.sent('RegisterPeer')).toHaveLength(1));
  return { hook, call, connection: fakeConnections[0] as FakeConnection };
}

/** The engine's clock and timers, moved by the test (and running on meanwhile, for waitFor). */
const fakeTime = () =>
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'setInterval', 'Date'] });

const fromTutor = (event: string, payload: object) =>
  act(() => socket.serverEmit(event, { sessionId: SESSION_ID, userId: TUTOR_ID, ...payload }));

beforeEach(() => {
  fakeConnections.length = 0;
  vi.stubGlobal('RTCPeerConnection', FakeConnection);
  signInAs(server, STUDENT);
  // The app's one channel, over the fake socket; each test reads only what it sent.
  socket = realtime().socket as unknown as FakeSocket;
  socket.emitted.length = 0;
  socket.answer('PingSessionMember', () => ({ result: 'ok' }));
  server.on('GET', '/session/token', {
    iceServers: [{ urls: ['turn:turn.example:3478'], username: 'u', credential: 'c' }],
    expiresAt: '2026-11-26T18:00:00.000Z',
    ttl: 3600,
  });
});
afterEach(() => {
  resetSession();
  vi.useRealTimers();
});

describe('useCall', () => {
  it('joins once under StrictMode, and leaves once on unmount, stopping every track', async () => {
    const { hook, call, connection } = await joinedCall();
    expect(socket.sent('JoinSession')).toEqual([{ sessionId: SESSION_ID }]);
    expect(socket.sent('LeaveSession')).toEqual([]);
    const [register] = socket.sent('RegisterPeer') as { peerId: string }[];
    expect(register?.peerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(connection.configuration).toMatchObject({
      iceServers: [{ urls: ['turn:turn.example:3478'], username: 'u', credential: 'c' }],
      iceTransportPolicy: 'all',
    });
    // The camera and the microphone are sent, and the offer goes out (the student is impolite).
    expect(connection.senders.map((sender) => sender.track?.kind).sort()).toEqual([
      'audio',
      'video',
    ]);
    await waitFor(() => expect(socket.sent('SessionOffer')).toHaveLength(1));
    expect(hook.result.current.status).toBe('connecting');

    hook.unmount();
    expect(socket.sent('LeaveSession')).toEqual([{ sessionId: SESSION_ID }]);
    expect(call.tracks.every((track) => track.stopped)).toBe(true);
    expect(connection.closed).toBe(true);
  });

  it('names an interview’s kind in every event it sends (record 317)', async () => {
    const call = { ...options(), kind: 'interview' as const };
    socket.answer('JoinSession', () => ({
      result: 'ok',
      session: {
        sessionId: SESSION_ID,
        kind: 'interview',
        tutorId: TUTOR_ID,
        studentId: STUDENT.id,
        opensAt: '2026-11-26T15:00:00.000Z',
        closesAt: '2026-11-26T16:00:00.000Z',
        present: [STUDENT.id, TUTOR_ID],
      },
    }));
    socket.answer('RegisterPeer', () => ({
      result: 'ok',
      peers: [{ userId: TUTOR_ID, peerId: 'tutor-peer-1' }],
    }));
    const hook = renderHook(() => useCall(call), { wrapper: strict });
    await waitFor(() => expect(socket.sent('RegisterPeer')).toHaveLength(1));
    expect(socket.sent('JoinSession')).toEqual([{ sessionId: SESSION_ID, kind: 'interview' }]);
    expect(socket.sent('RegisterPeer')).toEqual([
      expect.objectContaining({ sessionId: SESSION_ID, kind: 'interview' }),
    ]);
    act(() => hook.result.current.toggleMic());
    await waitFor(() =>
      expect(socket.sent('ToggleMic').at(-1)).toEqual({
        sessionId: SESSION_ID,
        kind: 'interview',
        on: false,
      }),
    );
    hook.unmount();
    expect(
      socket.emitted.every((sent) => (sent.payload as { kind?: string }).kind === 'interview'),
    ).toBe(true);
    expect(socket.sent('LeaveSession')).toEqual([{ sessionId: SESSION_ID, kind: 'interview' }]);
  });

  it('is refused with the ack’s reason', async () => {
    const call = options();
    socket.answer('JoinSession', () => ({ result: 'not-member' }));
    const hook = renderHook(() => useCall(call));
    await waitFor(() => expect(hook.result.current.status).toBe('refused'));
    expect(hook.result.current.refusal).toBe('not-member');
    expect(fakeConnections).toHaveLength(0);
    hook.unmount();
    expect(socket.sent('LeaveSession')).toEqual([]);
  });

  it('forces TURN with the support switch', async () => {
    localStorage.setItem('talaqa:ice-policy', 'relay');
    const { connection } = await joinedCall();
    expect(connection.configuration?.iceTransportPolicy).toBe('relay');
  });

  it('answers the tutor’s offer, holds early candidates, and hears the tutor’s devices', async () => {
    const { hook, connection } = await joinedCall();
    await waitFor(() => expect(connection.signalingState).toBe('have-local-offer'));
    const candidate = { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0' };
    // The tutor (polite) would roll back for the student's offer; here it offers after an answer.
    await fromTutor('SessionAnswer', {
      description: { type: 'answer', sdp: 'v=0\r\no=- 500 1 IN IP4 0.0.0.0\r\n' },
    });
    await fromTutor('IceCandidate', { candidate });
    await waitFor(() => expect(connection.candidates).toEqual([candidate]));
    await fromTutor('SessionOffer', {
      description: { type: 'offer', sdp: 'v=0\r\no=- 500 2 IN IP4 0.0.0.0\r\n' },
    });
    await waitFor(() => expect(socket.sent('SessionAnswer')).toHaveLength(1));

    await fromTutor('CameraToggle', { on: false });
    await fromTutor('UserSharedScreen', { sharing: true });
    // Another lesson's events are not this call's.
    await act(() => socket.serverEmit('MicToggled', { sessionId: 1, userId: TUTOR_ID, on: false }));
    expect(hook.result.current.remote).toEqual({
      present: true,
      cameraOn: false,
      micOn: true,
      sharingScreen: true,
    });
    await fromTutor('Ping', { nonce: 'n-1' });
    expect(socket.sent('PongSessionMember')).toEqual([{ sessionId: SESSION_ID, nonce: 'n-1' }]);
  });

  it('starts a new connection when the tutor’s offer comes from a new one (a reload)', async () => {
    const { hook, connection } = await joinedCall();
    await waitFor(() => expect(connection.signalingState).toBe('have-local-offer'));
    await fromTutor('SessionAnswer', {
      description: { type: 'answer', sdp: 'v=0\r\no=- 500 1 IN IP4 0.0.0.0\r\n' },
    });
    await act(() => connection.link('connected'));
    expect(hook.result.current.status).toBe('connected');
    expect(socket.sent('PeerOpened')).toHaveLength(1);

    await fromTutor('SessionOffer', {
      description: { type: 'offer', sdp: 'v=0\r\no=- 600 1 IN IP4 0.0.0.0\r\n' },
    });
    await waitFor(() => expect(fakeConnections).toHaveLength(2));
    expect(connection.closed).toBe(true);
    const renewed = fakeConnections[1] as FakeConnection;
    await waitFor(() => expect(renewed.remoteDescription?.sdp).toContain('o=- 600 '));
    await waitFor(() => expect(socket.sent('RegisterPeer')).toHaveLength(2));
    expect(hook.result.current.status).toBe('connecting');
  });

  it('toggles the microphone and the camera, and tells the tutor', async () => {
    const { hook, call } = await joinedCall();
    act(() => hook.result.current.toggleMic());
    expect(hook.result.current.micOn).toBe(false);
    expect(call.tracks.find((track) => track.kind === 'audio')?.enabled).toBe(false);
    act(() => hook.result.current.toggleCamera());
    expect(hook.result.current.cameraOn).toBe(false);
    // Joining told the tutor the devices were on; the toggles say off.
    expect(socket.sent('ToggleMic')).toEqual([
      { sessionId: SESSION_ID, on: true },
      { sessionId: SESSION_ID, on: false },
    ]);
    expect(socket.sent('ToggleCamera').at(-1)).toEqual({ sessionId: SESSION_ID, on: false });

    // The tutor reloads: they hear this side's state again.
    await fromTutor('MemberLeftSessionId', { present: [STUDENT.id] });
    expect(hook.result.current.remote.present).toBe(false);
    await fromTutor('MemberJoinedSessionId', { present: [STUDENT.id, TUTOR_ID] });
    expect(socket.sent('ToggleMic').at(-1)).toEqual({ sessionId: SESSION_ID, on: false });
    expect(socket.sent('ToggleCamera').at(-1)).toEqual({ sessionId: SESSION_ID, on: false });
    expect(socket.sent('UserSharingScreen').at(-1)).toEqual({
      sessionId: SESSION_ID,
      sharing: false,
    });
  });

  it('caps the senders for data saver, and tells the tutor to cap theirs', async () => {
    const { hook, connection } = await joinedCall();
    act(() => hook.result.current.setDataSaver('audio'));
    expect(hook.result.current.dataSaver).toBe('audio');
    expect(socket.sent('SetDataSaver').at(-1)).toEqual({ sessionId: SESSION_ID, mode: 'audio' });
    const video = connection.senders.find((sender) => sender.track?.kind === 'video');
    const audio = connection.senders.find((sender) => sender.track?.kind === 'audio');
    await waitFor(() => expect(video?.parameters.encodings[0]?.active).toBe(false));
    expect(audio?.parameters.encodings[0]?.maxBitrate).toBe(24_000);
    // The tutor's saver caps what this side sends, though this side's is off.
    act(() => hook.result.current.setDataSaver('off'));
    await fromTutor('DataSaverChanged', { mode: 'video' });
    await waitFor(() => expect(video?.parameters.encodings[0]?.maxBitrate).toBe(120_000));
    expect(video?.parameters.encodings[0]).toMatchObject({
      active: true,
      scaleResolutionDownBy: 4,
    });
  });

  it('reads reconnecting when the link drops, restarts ICE, and lost after 30 s', async () => {
    fakeTime();
    const { hook, connection } = await joinedCall();
    await act(() => connection.link('connected'));
    await act(() => connection.link('failed'));
    expect(hook.result.current.status).toBe('reconnecting');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(connection.restarts).toBe(1);
    // The student's restart offer is announced first, so the tutor does not restart too.
    expect(socket.sent('AnnounceIncomingOffer')).toEqual([{ sessionId: SESSION_ID }]);
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(hook.result.current.status).toBe('lost');
    // A new connection altogether after 20 s without the link.
    expect(fakeConnections.length).toBeGreaterThan(1);
    const latest = fakeConnections.at(-1) as FakeConnection;
    await act(() => latest.link('connected'));
    expect(hook.result.current.status).toBe('connected');
  });

  it('reads the link’s quality and counts the bytes across connections', async () => {
    fakeTime();
    const { hook, connection } = await joinedCall();
    connection.stats = [
      {
        id: 'T',
        type: 'transport',
        selectedCandidatePairId: 'P',
        bytesSent: 600,
        bytesReceived: 400,
      },
      { id: 'P', type: 'candidate-pair', currentRoundTripTime: 0.5, localCandidateId: 'L' },
      { id: 'L', type: 'local-candidate', candidateType: 'relay' },
      { id: 'I', type: 'inbound-rtp', packetsLost: 0, packetsReceived: 100 },
    ];
    await act(() => connection.link('connected'));
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    expect(hook.result.current.stats).toEqual({
      roundTripMs: 500,
      lossPercent: null,
      bytesUsed: 1000,
      relayed: true,
    });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(hook.result.current.quality).toBe('poor');
    expect(hook.result.current.dataSaverSuggested).toBe(true);
  });

  it.each([
    ['the room closed', { result: 'unallowed' }],
    ['this member joined from another tab', { result: 'ok', session: { present: [STUDENT.id] } }],
  ])('ends when %s', async (_, room) => {
    fakeTime();
    const { hook, call } = await joinedCall();
    socket.answer('PingSessionMember', () => ({ result: 'unallowed' }));
    socket.answer('PreJoinSession', () => room);
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await waitFor(() => expect(hook.result.current.status).toBe('ended'));
    expect(call.tracks.every((track) => track.stopped)).toBe(true);
    // Not in the room: a LeaveSession would mark the other tab's member as gone.
    hook.unmount();
    expect(socket.sent('LeaveSession')).toEqual([]);
  });

  it('joins again when it was taken out of a room that is still open', async () => {
    fakeTime();
    const { hook } = await joinedCall();
    socket.answer('PingSessionMember', () => ({ result: 'unallowed' }));
    socket.answer('PreJoinSession', () => ({ result: 'ok', session: { present: [TUTOR_ID] } }));
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await waitFor(() => expect(socket.sent('JoinSession')).toHaveLength(2));
    expect(hook.result.current.status).not.toBe('ended');
  });

  it('sends its waiting offer again when the other joins: the first reached nobody', async () => {
    await joinedCall([STUDENT.id]);
    await waitFor(() => expect(socket.sent('SessionOffer')).toHaveLength(1));
    await fromTutor('MemberJoinedSessionId', { present: [STUDENT.id, TUTOR_ID] });
    const offers = socket.sent('SessionOffer');
    expect(offers).toHaveLength(2);
    expect(offers[1]).toEqual(offers[0]);
  });

  it('as the polite side, asks for the first offer instead of making one', async () => {
    const { connection } = await joinedCall([STUDENT.id, TUTOR_ID], true);
    await waitFor(() => expect(socket.sent('ReadyToReceiveOffer')).toHaveLength(1));
    expect(socket.sent('SessionOffer')).toEqual([]);
    await fromTutor('SessionOffer', {
      description: { type: 'offer', sdp: 'v=0\r\no=- 700 1 IN IP4 0.0.0.0\r\n' },
    });
    await waitFor(() => expect(socket.sent('SessionAnswer')).toHaveLength(1));
    expect(connection.remoteDescription?.sdp).toContain('o=- 700 ');
  });
});
