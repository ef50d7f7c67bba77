import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPeer } from './peer';
import type { Peer } from './peer';
import { FakeConnection } from '../../../testing/fake-peer-connection';

afterEach(() => {
  vi.useRealTimers();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Two peers whose signals reach each other a little later, as over the socket. */
function pair(): {
  tutor: Peer;
  student: Peer;
  tutorPc: FakeConnection;
  studentPc: FakeConnection;
} {
  const tutorPc = new FakeConnection();
  const studentPc = new FakeConnection();
  const peers: { tutor?: Peer; student?: Peer } = {};
  const to = (side: 'tutor' | 'student') => ({
    // As the engine does: the asked side offers (a restart when it has nothing pending).
    requestOffer: () => setTimeout(() => void peers[side]?.restart(), 1),
    description: (description: RTCSessionDescriptionInit) =>
      setTimeout(() => void peers[side]?.receiveDescription(description), 1),
    candidate: (candidate: RTCIceCandidateInit | null) =>
      setTimeout(() => void peers[side]?.receiveCandidate(candidate), 1),
  });
  peers.tutor = openPeer(tutorPc as unknown as RTCPeerConnection, true, to('student'));
  peers.student = openPeer(studentPc as unknown as RTCPeerConnection, false, to('tutor'));
  return { tutor: peers.tutor, student: peers.student, tutorPc, studentPc };
}

describe('perfect negotiation', () => {
  it('lets the student make the first offer: the polite tutor asks for it', async () => {
    const { tutorPc, studentPc } = pair();
    tutorPc.onnegotiationneeded?.();
    await settle();
    // The tutor made no offer; the student, asked, did.
    expect(studentPc.remoteDescription?.type).toBe('answer');
    expect(tutorPc.remoteDescription?.sdp).toContain(`o=- ${studentPc.origin} `);
    expect(tutorPc.localDescription?.type).toBe('answer');
  });

  it('settles when both sides offer at once: the polite tutor answers the student', async () => {
    const { tutorPc, studentPc } = pair();
    studentPc.onnegotiationneeded?.();
    await vi.waitFor(() => expect(studentPc.remoteDescription?.type).toBe('answer'));
    tutorPc.onnegotiationneeded?.();
    studentPc.onnegotiationneeded?.();
    await settle();
    // Each signal hops through a timer: on a busy machine the exchange takes longer than one wait.
    await vi.waitFor(() => {
      expect(tutorPc.signalingState).toBe('stable');
      expect(studentPc.signalingState).toBe('stable');
      expect(studentPc.remoteDescription?.type).toBe('answer');
    });
    // The student's offer won: the tutor holds it, the student holds the tutor's answer.
    expect(tutorPc.remoteDescription?.type).toBe('offer');
    expect(studentPc.remoteDescription?.type).toBe('answer');
    expect(tutorPc.remoteDescription?.sdp).toContain(`o=- ${studentPc.origin} `);
  });

  it('settles one side’s offer, and an ICE restart from either side', async () => {
    const { tutorPc, studentPc, tutor } = pair();
    studentPc.onnegotiationneeded?.();
    await vi.waitFor(() => expect(studentPc.remoteDescription?.type).toBe('answer'));
    expect(tutorPc.remoteDescription?.type).toBe('offer');
    expect(studentPc.remoteDescription?.type).toBe('answer');
    // Once negotiated, the tutor offers its own restart.
    await tutor.restart();
    await settle();
    await vi.waitFor(() => {
      expect([tutorPc.signalingState, studentPc.signalingState]).toEqual(['stable', 'stable']);
      expect(tutorPc.remoteDescription?.type).toBe('answer');
    });
    expect(studentPc.remoteDescription?.type).toBe('offer');
    expect(tutorPc.remoteDescription?.type).toBe('answer');
  });

  it('holds candidates until the remote description, then adds them in order', async () => {
    const studentPc = new FakeConnection();
    const student = openPeer(studentPc as unknown as RTCPeerConnection, false, {
      description: () => undefined,
      candidate: () => undefined,
      requestOffer: () => undefined,
    });
    await student.receiveCandidate({ candidate: 'candidate:1', sdpMid: '0' });
    await student.receiveCandidate(null);
    expect(studentPc.candidates).toEqual([]);
    await student.receiveDescription({ type: 'offer', sdp: 'v=0\r\no=- 9 1 IN IP4 0.0.0.0\r\n' });
    expect(studentPc.candidates).toEqual([{ candidate: 'candidate:1', sdpMid: '0' }, undefined]);
    expect(student.negotiated).toBe(true);
  });

  it('takes back an offer that got no answer for a while before restarting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const connection = new FakeConnection();
    const sent: RTCSessionDescriptionInit[] = [];
    const peer = openPeer(connection as unknown as RTCPeerConnection, false, {
      description: (description) => sent.push(description),
      candidate: () => undefined,
      requestOffer: () => undefined,
    });
    connection.onnegotiationneeded?.();
    await settle();
    expect(connection.signalingState).toBe('have-local-offer');
    // A recent offer may still be answered: left alone.
    await peer.restart();
    await settle();
    expect(sent).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await peer.restart();
    await settle();
    // Rolled back, then a fresh offer went out.
    expect(sent.map((description) => description.type)).toEqual(['offer', 'offer']);
    expect(connection.signalingState).toBe('have-local-offer');
    peer.close();
    peer.close();
    expect(connection.closed).toBe(true);
  });
});
