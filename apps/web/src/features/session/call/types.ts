/**
 * What the lesson room's screen reads of a call and what it may ask of it (issue 19). The call
 * engine (`./useCall`) implements it over WebRTC and the session events; the room's screen
 * (`../LessonRoom`) only renders it, so each can be tested without the other.
 */
import type { DataSaverMode, SessionAckResult } from '@talaqa/domain';
import type { ChosenDevices } from '../media';

/**
 * Where the call stands. The spec's session connection states (section 4) are `reconnecting` and
 * `lost`; `poor` is `quality` while connected.
 * - joining: JoinSession asked, not answered yet
 * - waiting: in the room, the other member is not
 * - connecting: the other member is in, the peer connection is being set up
 * - connected: media flows both ways
 * - reconnecting: the link or the realtime channel dropped; ICE restart and rejoin under way
 * - lost: no way back after a while (the engine keeps trying; `retry` tries at once)
 * - refused: JoinSession was refused (`refusal` says why)
 * - ended: this side left, or the room closed (the lesson's end, a cancellation)
 */
export type CallStatus =
  | 'joining'
  | 'waiting'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'lost'
  | 'refused'
  | 'ended';

/** The link while connected: `poor` when loss or round-trip time is high (see ./quality). */
export type LinkQuality = 'good' | 'poor';

/**
 * Data saver (item 8): `off`; `video` caps the camera at a low resolution and bitrate;
 * `audio` sends and receives no camera video (a shared screen still flows).
 */
export type { DataSaverMode };

/** The other member as this side knows them from the session events. */
export interface RemoteMember {
  /** In the room now (MemberJoinedSessionId / MemberLeftSessionId). */
  present: boolean;
  /** CameraToggle / MicToggled; true until told otherwise. */
  cameraOn: boolean;
  micOn: boolean;
  /** UserSharedScreen. */
  sharingScreen: boolean;
}

/** The latest reading of `getStats` (every 2 s or so while connected). */
export interface CallStats {
  /** Round-trip time of the selected candidate pair, ms. */
  roundTripMs: number | null;
  /** Share of inbound packets lost over the last reading, 0-100. */
  lossPercent: number | null;
  /** Bytes sent plus received since this side joined (every peer connection of the call). */
  bytesUsed: number;
  /** Whether the media goes through a TURN relay. */
  relayed: boolean;
}

export interface CallHandle {
  status: CallStatus;
  /** Why JoinSession was refused, when `status` is `refused`. */
  refusal: SessionAckResult | null;
  quality: LinkQuality;
  stats: CallStats;
  /** This side's camera and microphone (the stream the ready screen handed over). */
  localStream: MediaStream;
  /** What the other side sends (camera or shared screen, and audio); null until it arrives. */
  remoteStream: MediaStream | null;
  cameraOn: boolean;
  micOn: boolean;
  sharingScreen: boolean;
  remote: RemoteMember;
  dataSaver: DataSaverMode;
  /** True while a poor link suggests turning data saver on (and it is off). */
  dataSaverSuggested: boolean;
  toggleCamera(): void;
  toggleMic(): void;
  /** Asks the browser for a screen (getDisplayMedia) and sends it instead of the camera. */
  startScreenShare(): Promise<void>;
  stopScreenShare(): void;
  setDataSaver(mode: DataSaverMode): void;
  /** From `lost`: try to come back now. */
  retry(): void;
  /** Leaves the room (LeaveSession) and stops every track. */
  leave(): void;
}

export interface CallOptions {
  sessionId: number;
  /** An interview's or demo session's room (record 317); absent for a lesson's. */
  kind?: 'interview' | 'demo-session';
  /** The signed-in member. */
  userId: number;
  /** The other member: the tutor is the polite side of perfect negotiation (record 286). */
  otherUserId: number;
  polite: boolean;
  /** From the ready screen; the call owns it from now on and stops it on leave. */
  stream: MediaStream;
  devices: ChosenDevices;
  /** Tests: `'relay'` forces every candidate through TURN. */
  iceTransportPolicy?: RTCIceTransportPolicy;
}
