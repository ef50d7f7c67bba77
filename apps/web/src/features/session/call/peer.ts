/**
 * One RTCPeerConnection of the call under perfect negotiation (W3C/MDN pattern; docs/decisions/
 * 295-call-engine.md): either side may offer whenever it needs to, the polite side (the tutor)
 * rolls its own offer back on a collision and the impolite side ignores the other's. The first
 * offer, and ICE restarts, come from the impolite side (the polite one asks with
 * ReadyToReceiveOffer), so offers rarely cross. Candidates that come before the remote
 * description are held until it is set.
 */

/** What the peer sends to the other side (over the session events). */
export interface PeerSignals {
  description(description: RTCSessionDescriptionInit): void;
  candidate(candidate: RTCIceCandidateInit | null): void;
  /** The polite side asks for the first offer instead of making one (ReadyToReceiveOffer). */
  requestOffer(): void;
}

export interface Peer {
  readonly id: string;
  readonly connection: RTCPeerConnection;
  /** The other side's peer id this connection talks to, once known. */
  remoteId: string | null;
  /** Whether a remote description was ever set: a used connection cannot take a new peer. */
  readonly negotiated: boolean;
  receiveDescription(description: RTCSessionDescriptionInit): Promise<void>;
  receiveCandidate(candidate: RTCIceCandidateInit | null): Promise<void>;
  /** Unsticks a negotiation whose offer got no answer, then restarts ICE (a new offer). */
  restart(): Promise<void>;
  /** Sends the offer waiting for an answer again (the other side was not in the room yet). */
  offerAgain(): void;
  close(): void;
}

/** An offer unanswered this long is taken as lost (an answer takes a round trip or two). */
const OFFER_LOST_AFTER_MS = 2_000;

export function newPeerId(): string {
  return globalThis.crypto.randomUUID();
}

export function openPeer(
  connection: RTCPeerConnection,
  polite: boolean,
  signals: PeerSignals,
  id: string = newPeerId(),
): Peer {
  let makingOffer = false;
  let ignoreOffer = false;
  let settingRemoteAnswerPending = false;
  let negotiated = false;
  let offeredAt = 0;
  let remoteOffersPending = 0;
  let closed = false;
  let held: (RTCIceCandidateInit | null)[] = [];
  // Descriptions and candidates are handled one after the other, in the order they came.
  let queue: Promise<void> = Promise.resolve();
  const inOrder = (task: () => Promise<void>): Promise<void> => {
    queue = queue.then(task).catch((error: unknown) => {
      if (!closed) console.warn('[call] negotiation step failed:', error);
    });
    return queue;
  };

  const sendLocalDescription = () => {
    const local = connection.localDescription;
    if (local) signals.description({ type: local.type, sdp: local.sdp });
  };

  connection.onnegotiationneeded = async () => {
    // An offer from the other side is on its way in: its answer carries this side's tracks, and
    // offering now would have it roll back mid-gathering (Chromium then may gather nothing).
    if (remoteOffersPending > 0) return;
    // Two first offers crossing make Chromium's polite side roll back mid-gathering, after which
    // it may gather nothing at all: the polite side asks for the first offer instead.
    if (polite && !negotiated) {
      signals.requestOffer();
      return;
    }
    try {
      makingOffer = true;
      await connection.setLocalDescription();
      // The other's offer may have rolled this one back meanwhile (polite side): then the local
      // description is an old answer, and sending it would confuse the other side.
      if (connection.signalingState === 'have-local-offer') {
        offeredAt = Date.now();
        sendLocalDescription();
      }
    } catch (error) {
      if (!closed) console.warn('[call] could not make an offer:', error);
    } finally {
      makingOffer = false;
    }
  };
  connection.onicecandidate = ({ candidate }) => {
    signals.candidate(candidate ? candidate.toJSON() : null);
  };

  const addCandidate = async (candidate: RTCIceCandidateInit | null) => {
    try {
      await connection.addIceCandidate(candidate ?? undefined);
    } catch (error) {
      // Candidates of an offer this side ignored fail by design.
      if (!ignoreOffer) throw error;
    }
  };

  /**
   * Held candidates may belong to an offer that was rolled back or never arrived (another ICE
   * generation): one that does not fit is skipped, and must not stop the answer.
   */
  const flushHeld = async () => {
    const waiting = held;
    held = [];
    for (const candidate of waiting) {
      try {
        await addCandidate(candidate);
      } catch (error) {
        console.warn('[call] a held candidate did not fit:', error);
      }
    }
  };

  /** The same offer twice (sent again when this side joined), or an answer nobody waits for. */
  const isStale = (description: RTCSessionDescriptionInit): boolean =>
    description.type === 'offer'
      ? description.sdp === connection.remoteDescription?.sdp
      : connection.signalingState === 'stable';

  const takeDescription = async (description: RTCSessionDescriptionInit) => {
    if (isStale(description)) return;
    const readyForOffer =
      !makingOffer && (connection.signalingState === 'stable' || settingRemoteAnswerPending);
    const collision = description.type === 'offer' && !readyForOffer;
    ignoreOffer = !polite && collision;
    if (ignoreOffer) return;
    settingRemoteAnswerPending = description.type === 'answer';
    // The polite side's own offer is rolled back implicitly by setRemoteDescription.
    await connection.setRemoteDescription(description);
    settingRemoteAnswerPending = false;
    negotiated = true;
    await flushHeld();
    if (description.type === 'offer') {
      await connection.setLocalDescription();
      sendLocalDescription();
    }
  };

  const takeCandidate = async (candidate: RTCIceCandidateInit | null) => {
    if (!connection.remoteDescription) {
      held.push(candidate);
      return;
    }
    await addCandidate(candidate);
  };

  return {
    id,
    connection,
    remoteId: null,
    get negotiated() {
      return negotiated;
    },
    receiveDescription: (description) => {
      if (description.type !== 'offer') return inOrder(() => takeDescription(description));
      remoteOffersPending += 1;
      return inOrder(async () => {
        try {
          await takeDescription(description);
        } finally {
          remoteOffersPending -= 1;
        }
      });
    },
    receiveCandidate: (candidate) => inOrder(() => takeCandidate(candidate)),
    restart: () =>
      inOrder(async () => {
        // An offer lost on the way (the other side reloaded meanwhile) would hold this side in
        // have-local-offer for ever: take it back so the restart can offer again. A recent one
        // may still be answered (answers name no offer: a late one would meet the next offer),
        // so it is left alone and the restart follows once it is answered.
        const unanswered = Date.now() - offeredAt >= OFFER_LOST_AFTER_MS;
        if (connection.signalingState === 'have-local-offer' && !makingOffer && unanswered)
          await connection.setLocalDescription({ type: 'rollback' });
        connection.restartIce();
      }),
    offerAgain() {
      if (closed || makingOffer || connection.signalingState !== 'have-local-offer') return;
      offeredAt = Date.now();
      sendLocalDescription();
    },
    close() {
      if (closed) return;
      closed = true;
      held = [];
      connection.onnegotiationneeded = null;
      connection.onicecandidate = null;
      connection.close();
    },
  };
}
