/**
 * Where the call stands, from what the engine knows (docs/decisions/295-call-engine.md). Pure, so
 * the order of the rules is tested on its own.
 */
import type { CallStatus } from './types';

/** A call that has not come back after this long reads `lost` (it keeps trying). */
export const LOST_AFTER_MS = 30_000;

export interface CallFacts {
  phase: 'idle' | 'joining' | 'joined' | 'refused' | 'ended';
  otherPresent: boolean;
  /** The peer connection's media link is up. */
  linked: boolean;
  /** Since when the link or the realtime channel has been down after the call was up. */
  troubleSince: number | null;
  now: number;
}

export function callStatus(facts: CallFacts): CallStatus {
  if (facts.phase === 'refused') return 'refused';
  if (facts.phase === 'ended') return 'ended';
  if (facts.phase === 'idle' || facts.phase === 'joining') return 'joining';
  if (facts.linked) return 'connected';
  if (facts.troubleSince !== null)
    return facts.now - facts.troubleSince >= LOST_AFTER_MS ? 'lost' : 'reconnecting';
  return facts.otherPresent ? 'connecting' : 'waiting';
}

/** The SDP origin's session id: one per RTCPeerConnection, so a new one means the other reloaded. */
export function descriptionOrigin(sdp: string | undefined): string | null {
  const match = sdp ? /^o=\S+ (\d+) /m.exec(sdp) : null;
  return match?.[1] ?? null;
}
