/**
 * The lesson room's call (issue 19; docs/decisions/295-call-engine.md and 296-call-quality-and-
 * data-saver.md), free of React: joins the room over the realtime channel, runs one peer
 * connection at a time under perfect negotiation, recovers from dropped links and reloads,
 * reads the link's quality and applies data saver. `useCall` renders its snapshots.
 */
import type {
  ClientEventName,
  ClientEventPayload,
  ServerEventName,
  ServerEventPayload,
} from '@talaqa/domain';
import type { Realtime } from '@talaqa/api-client';
import { openPeer } from './peer';
import type { Peer } from './peer';
import {
  audioCaps,
  dataSaverChosen,
  dataSaverSuggested,
  hasCaps,
  linkQuality,
  nextDataSaver,
  readStats,
  sampleBetween,
  stricterSaver,
  videoCaps,
  withCaps,
} from './quality';
import type { DataSaverState, EncodingCaps, LinkSample, StatsReading } from './quality';
import { callStatus, descriptionOrigin } from './status';
import type { CallFacts } from './status';
import type {
  CallHandle,
  CallOptions,
  CallStats,
  DataSaverMode,
  LinkQuality,
  RemoteMember,
} from './types';

export type CallChannel = Pick<
  Realtime,
  'state' | 'connect' | 'subscribe' | 'emit' | 'emitWithAck' | 'on'
>;

export interface CallDeps {
  channel: CallChannel;
  /** STUN and TURN servers (`sessionApi.token()`), and when the TURN credentials expire. */
  iceServers(): Promise<IceServers>;
  createConnection(configuration: RTCConfiguration): RTCPeerConnection;
  getDisplayMedia(): Promise<MediaStream>;
  /** The support switch `talaqa:ice-policy` = 'relay'. */
  forcedRelay(): boolean;
  now(): number;
}

export interface IceServers {
  iceServers: RTCIceServer[];
  /** Epoch ms. */
  expiresAt: number;
}

export interface Call {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CallHandle;
  /** Joins on the next task, so a StrictMode mount-unmount-mount joins once. */
  start(): void;
  /** Unmount: cancels a start not yet run, else leaves. */
  stop(): void;
}

/** Stats are read every other tick (~2 s); recovery looks at every tick. */
const TICK_MS = 1_000;
/** A link not up this long while both are in: restart ICE (an offer may have been lost). */
const KICK_AFTER_MS = 8_000;
/** Still not up after this long: a new peer connection altogether. */
const RENEW_AFTER_MS = 20_000;
/** A `disconnected` link often comes back by itself; restart ICE if not within this. */
const DISCONNECTED_GRACE_MS = 1_500;
/** TURN credentials this close to expiring are asked for again. */
const ICE_SERVERS_MARGIN_MS = 60_000;
/** How often (ticks) the engine checks it is still in the room. */
const PROBE_EVERY_TICKS = 5;
const CAPS_RETRY_MS = 1_000;

const noStats: CallStats = { roundTripMs: null, lossPercent: null, bytesUsed: 0, relayed: false };
const absentRemote: RemoteMember = {
  present: false,
  cameraOn: true,
  micOn: true,
  sharingScreen: false,
};

export function createCall(options: CallOptions, deps: CallDeps): Call {
  const { sessionId, otherUserId, polite, stream: localStream } = options;
  /** What every event names: the id, and the kind of a meeting's room (a lesson's has none). */
  const named = options.kind ? { sessionId, kind: options.kind } : { sessionId };
  const { channel } = deps;
  const listeners = new Set<() => void>();
  const cleanups: (() => void)[] = [];

  let startTimer: ReturnType<typeof setTimeout> | null = null;
  let tickTimer: ReturnType<typeof setInterval> | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  let phase: CallFacts['phase'] = 'idle';
  let refusal: CallHandle['refusal'] = null;
  let joining: Promise<void> | null = null;
  let everJoined = false;
  let iceServers: Promise<IceServers> | null = null;

  let peer: Peer | null = null;
  let videoSender: RTCRtpSender | null = null;
  let audioSender: RTCRtpSender | null = null;
  let remoteStream: MediaStream | null = null;
  let linked = false;
  let notLinkedSince = deps.now();
  let lastKick = 0;
  let troubleSince: number | null = null;

  let cameraOn = localStream.getVideoTracks().some((track) => track.enabled);
  let micOn = localStream.getAudioTracks().some((track) => track.enabled);
  let screenTrack: MediaStreamTrack | null = null;
  let remote: RemoteMember = absentRemote;

  let saver: DataSaverState = dataSaverChosen('off');
  let remoteSaver: DataSaverMode = 'off';
  let samples: LinkSample[] = [];
  let quality: LinkQuality = 'good';
  let lastReading: StatsReading | null = null;
  /** Loss is measured from the first reading after the link came up, not across an outage. */
  let lossFrom: StatsReading | null = null;
  let bytesOfClosedPeers = 0;
  let stats: CallStats = noStats;
  let ticks = 0;
  let capping: Promise<void> = Promise.resolve();
  let probing = false;
  const waitingSignals: (() => Promise<void>)[] = [];
  let capsRetry: ReturnType<typeof setTimeout> | null = null;

  // ---- Snapshot ----

  const facts = (): CallFacts => ({
    phase,
    otherPresent: remote.present,
    linked,
    troubleSince,
    now: deps.now(),
  });

  let snapshot: CallHandle = makeSnapshot();

  function makeSnapshot(): CallHandle {
    return {
      status: callStatus(facts()),
      refusal,
      quality,
      stats,
      localStream,
      remoteStream,
      cameraOn,
      micOn,
      sharingScreen: screenTrack !== null,
      remote,
      dataSaver: saver.applied,
      dataSaverSuggested: dataSaverSuggested(saver.chosen, quality),
      toggleCamera,
      toggleMic,
      startScreenShare,
      stopScreenShare,
      setDataSaver,
      retry,
      leave,
    };
  }

  function changed(): void {
    snapshot = makeSnapshot();
    for (const listener of [...listeners]) listener();
  }

  // ---- Signaling ----

  const live = (): boolean => phase !== 'ended' && phase !== 'refused';

  /** Relays are fire-and-forget: a refusal shows in the room's state, not per event. */
  function send<E extends ClientEventName>(
    event: E,
    payload: Omit<ClientEventPayload<E>, 'sessionId'>,
  ): void {
    if (!live() || channel.state !== 'open') return;
    channel.emit(event, { ...named, ...payload } as ClientEventPayload<E>);
  }

  function listen<E extends ServerEventName>(
    event: E,
    handler: (payload: ServerEventPayload<E>) => void,
  ): void {
    cleanups.push(
      channel.on(event, (payload) => {
        const { sessionId: about, userId } = payload as { sessionId: number; userId?: number };
        if (about !== sessionId || !live()) return;
        if (userId !== undefined && userId !== otherUserId && !isPresenceEvent(event)) return;
        handler(payload);
      }),
    );
  }

  const isPresenceEvent = (event: ServerEventName): boolean =>
    event === 'MemberJoinedSessionId' || event === 'MemberLeftSessionId';

  /** One JoinSession at a time: the channel opening and the start may both ask for it. */
  function join(): Promise<void> {
    joining ??= joinRoom().finally(() => {
      joining = null;
    });
    return joining;
  }

  async function joinRoom(): Promise<void> {
    const first = !everJoined;
    let ack;
    try {
      ack = await channel.emitWithAck('JoinSession', named);
    } catch {
      return; // The channel's reconnection joins again.
    }
    if (!live()) return;
    if (ack.result !== 'ok') {
      // Refused at first: the room's screen says why; refused later: the room has closed.
      phase = first ? 'refused' : 'ended';
      refusal = first ? ack.result : null;
      dispose();
      return;
    }
    phase = 'joined';
    everJoined = true;
    setOtherPresent(ack.session?.present.includes(otherUserId) ?? false);
    announceState();
    if (!peer) await renewPeer();
    else {
      await registerPeer();
      recoverAfterRejoin();
    }
  }

  /**
   * Back in the room after the channel dropped: whatever this side offered meanwhile was lost.
   * A link that is down asks the other side to restart too; one that is up but waits for an
   * answer offers again.
   */
  function recoverAfterRejoin(): void {
    if (!peer) return;
    if (!linked) networkChanged();
    else if (peer.connection.signalingState !== 'stable') restartIce();
  }

  async function registerPeer(): Promise<void> {
    const current = peer;
    if (!current) return;
    try {
      const ack = await channel.emitWithAck('RegisterPeer', { ...named, peerId: current.id });
      const theirs = ack.peers?.filter((other) => other.userId === otherUserId).at(-1);
      if (theirs && peer === current) {
        // After this side's channel came back: the other side's connection is not the one this
        // one talks to (they reloaded meanwhile, their offer lost): start afresh at once.
        const stale = current.negotiated && current.remoteId !== null;
        if (stale && current.remoteId !== theirs.peerId) {
          await renewPeer();
          return;
        }
        current.remoteId = theirs.peerId;
      }
    } catch {
      // The next (re)join registers again.
    }
    if (linked) send('PeerOpened', { peerId: current.id });
  }

  function setOtherPresent(present: boolean): void {
    if (present === remote.present) return;
    remote = present ? { ...remote, present } : { ...absentRemote, present: false };
    // Nobody to reach is not a broken link: the room waits for them.
    if (!present) troubleSince = null;
    changed();
  }

  function listenToTheRoom(): void {
    const presence = ({ present }: { present: number[] }) =>
      setOtherPresent(present.includes(otherUserId));
    listen('MemberJoinedSessionId', (event) => {
      presence(event);
      if (event.userId !== otherUserId) return;
      announceState();
      // An offer made before they were in the room reached nobody.
      peer?.offerAgain();
    });
    listen('MemberLeftSessionId', presence);
    listen('SessionOffer', ({ description }) => whenPeer(() => receiveDescription(description)));
    listen('SessionAnswer', ({ description }) => whenPeer(() => receiveDescription(description)));
    listen('IceCandidate', ({ candidate }) =>
      whenPeer(async () => {
        await peer?.receiveCandidate(candidate);
      }),
    );
    listen('AnnounceIncomingOffer', () => {
      notLinkedSince = Math.max(notLinkedSince, deps.now() - KICK_AFTER_MS / 2);
    });
    listen('ReadyToReceiveOffer', offerOnRequest);
    // The other side's connection that is up is the one this one talks to.
    listen('UserJoinedSession', ({ peerId }) => {
      if (peer) peer.remoteId = peerId;
    });
    listen('UserSharedScreen', ({ sharing }) => setRemote({ sharingScreen: sharing }));
    listen('CameraToggle', ({ on }) => setRemote({ cameraOn: on }));
    listen('MicToggled', ({ on }) => setRemote({ micOn: on }));
    listen('Ping', ({ nonce }) => send('PongSessionMember', { nonce }));
    listen('DataSaverChanged', ({ mode }) => {
      remoteSaver = mode;
      void applyCaps();
    });
  }

  /**
   * This side's camera, microphone, screen and saver, to the other side: it assumes everything
   * on after it (re)joined, and toggles sent while a channel was down are lost.
   */
  function announceState(): void {
    if (!remote.present) return;
    send('ToggleCamera', { on: cameraOn });
    send('ToggleMic', { on: micOn });
    send('UserSharingScreen', { sharing: screenTrack !== null });
    send('SetDataSaver', { mode: saver.applied });
  }

  function setRemote(change: Partial<RemoteMember>): void {
    remote = { ...remote, ...change };
    changed();
  }

  /**
   * Signals that come while there is no peer connection (the join's answer or the ICE servers
   * still on their way, or a new connection being made) are for the one about to exist.
   */
  function whenPeer(signal: () => Promise<void>): void {
    if (peer) void signal();
    else waitingSignals.push(signal);
  }

  function deliverWaitingSignals(): void {
    for (const signal of waitingSignals.splice(0)) void signal();
  }

  /**
   * A description from another RTCPeerConnection than the one this connection negotiated with
   * (the other side reloaded, or renewed its connection): start afresh, and let the new
   * connection take an offer (an answer belongs to the old one; the new one offers by itself).
   */
  async function receiveDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (!peer) return;
    const known = descriptionOrigin(peer.connection.remoteDescription?.sdp);
    if (known !== null && known !== descriptionOrigin(description.sdp)) {
      await renewPeer();
      if (description.type === 'answer') return;
    }
    await peer?.receiveDescription(description);
  }

  // ---- The peer connection ----

  async function renewPeer(): Promise<void> {
    closePeer();
    const servers = await freshIceServers();
    if (!live()) return;
    const policy: RTCIceTransportPolicy =
      options.iceTransportPolicy ?? (deps.forcedRelay() ? 'relay' : 'all');
    const connection = deps.createConnection({ iceServers: servers, iceTransportPolicy: policy });
    const next = openPeer(connection, polite, {
      description: (description) =>
        description.type === 'offer'
          ? send('SessionOffer', { description: { type: 'offer', sdp: description.sdp ?? '' } })
          : send('SessionAnswer', { description: { type: 'answer', sdp: description.sdp ?? '' } }),
      requestOffer: () => send('ReadyToReceiveOffer', {}),
      candidate: (candidate) =>
        send('IceCandidate', {
          candidate: candidate?.candidate ? { ...candidate, candidate: candidate.candidate } : null,
        }),
    });
    peer = next;
    linked = false;
    notLinkedSince = deps.now();
    remoteStream = null;
    watchConnection(next);
    addLocalTracks(connection);
    deliverWaitingSignals();
    changed();
    // Not awaited: an offer that made this connection must reach it before it offers itself.
    void registerPeer();
  }

  /**
   * The TURN credentials outlive a lesson (record 288) but not a member who stays on: a new
   * connection or an ICE restart after they expire asks for new ones.
   */
  async function freshIceServers(): Promise<RTCIceServer[]> {
    const known = iceServers ? await iceServers : null;
    if (!known || known.expiresAt - ICE_SERVERS_MARGIN_MS <= deps.now()) {
      iceServers = deps.iceServers().catch(() => ({ iceServers: [], expiresAt: 0 }));
      return (await iceServers).iceServers;
    }
    return known.iceServers;
  }

  function addLocalTracks(connection: RTCPeerConnection): void {
    // addTrack, not addTransceiver: the answering side's tracks then reuse the offer's m-lines.
    const [audio] = localStream.getAudioTracks();
    const [camera] = localStream.getVideoTracks();
    const video = screenTrack ?? camera;
    audioSender = audio ? connection.addTrack(audio, localStream) : null;
    videoSender = video ? connection.addTrack(video, localStream) : null;
  }

  function watchConnection(current: Peer): void {
    const { connection } = current;
    connection.ontrack = ({ track }) => {
      if (peer !== current) return;
      const tracks = remoteStream ? remoteStream.getTracks() : [];
      remoteStream = new MediaStream([...tracks.filter((t) => t.kind !== track.kind), track]);
      changed();
    };
    const onState = () => {
      if (peer !== current) return;
      linkStateChanged(connection.connectionState, connection.iceConnectionState);
    };
    connection.onconnectionstatechange = onState;
    connection.oniceconnectionstatechange = onState;
  }

  function linkStateChanged(state: RTCPeerConnectionState, ice: RTCIceConnectionState): void {
    const up = state === 'connected' || (state !== 'failed' && ice === 'connected');
    const down =
      state === 'failed' || state === 'disconnected' || ice === 'failed' || ice === 'disconnected';
    if (up && !linked) {
      linked = true;
      lossFrom = null;
      troubleSince = null;
      send('PeerOpened', { peerId: peer?.id ?? '' });
      announceState();
      void applyCaps();
    } else if (down && linked) {
      linked = false;
      notLinkedSince = deps.now();
      // A link that drops after the other left is their leaving, not trouble: the room waits.
      if (remote.present) troubleSince ??= deps.now();
    }
    if (down) scheduleRestart(state === 'failed' || ice === 'failed' ? 0 : DISCONNECTED_GRACE_MS);
    changed();
  }

  function scheduleRestart(delayMs: number): void {
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (!linked) restartIce();
    }, delayMs);
  }

  /**
   * A new ICE generation: the impolite side offers it, the polite side asks for it, so the two
   * never offer at once (see ./peer). Both take fresh TURN credentials first when due.
   */
  function restartIce(): void {
    const current = peer;
    if (!current || !live() || !remote.present) return;
    lastKick = deps.now();
    const before = iceServers;
    void freshIceServers().then((servers) => {
      if (peer !== current) return;
      if (iceServers !== before && servers.length > 0) renewCredentials(current, servers);
      if (polite) {
        send('ReadyToReceiveOffer', {});
        return undefined;
      }
      // The other side holds its own restart while this offer is on its way.
      send('AnnounceIncomingOffer', {});
      return current.restart();
    });
  }

  /** The other side asks for an offer: the one waiting for an answer again, or a restart. */
  function offerOnRequest(): void {
    if (!peer) return;
    if (peer.connection.signalingState === 'have-local-offer') peer.offerAgain();
    else if (polite) void peer.restart();
    else restartIce();
  }

  function renewCredentials(current: Peer, servers: RTCIceServer[]): void {
    try {
      current.connection.setConfiguration({
        ...current.connection.getConfiguration(),
        iceServers: servers,
      });
    } catch (error) {
      console.warn('[call] could not renew the TURN credentials:', error);
    }
  }

  function closePeer(): void {
    if (!peer) return;
    bytesOfClosedPeers += lastReading?.bytes ?? 0;
    lastReading = null;
    peer.close();
    peer = null;
    videoSender = null;
    audioSender = null;
    linked = false;
  }

  // ---- Recovery ----

  function channelStateChanged(state: CallChannel['state']): void {
    if (!live() || phase === 'idle') return;
    if (state === 'open') {
      void join();
      return;
    }
    // The media may still flow without the channel: only a dropped link is trouble then.
    if (!linked && remote.present) {
      troubleSince ??= deps.now();
      changed();
    }
  }

  /** A new network (Wi-Fi to mobile, back online): the old candidates are gone. */
  function networkChanged(): void {
    restartIce();
  }

  function tick(): void {
    const now = deps.now();
    if (!linked && remote.present && phase === 'joined' && peer) {
      if (now - notLinkedSince >= RENEW_AFTER_MS) void renewPeer();
      else if (now - notLinkedSince >= KICK_AFTER_MS && now - lastKick >= KICK_AFTER_MS)
        restartIce();
    }
    ticks += 1;
    if (linked && ticks % 2 === 0) void readQuality();
    if (ticks % PROBE_EVERY_TICKS === 0) void probeRoom();
    // `lost` comes with time alone.
    if (troubleSince !== null) changed();
  }

  /**
   * Whether this connection is still in the room: the server takes it out without a word when
   * the lesson closes (canceled, fulfilled) or when this member joins from another tab. A relay
   * with an ack tells (`unallowed`); PreJoinSession then tells which.
   */
  async function probeRoom(): Promise<void> {
    if (phase !== 'joined' || channel.state !== 'open' || probing) return;
    probing = true;
    try {
      const nonce = String(deps.now());
      const ack = await channel.emitWithAck('PingSessionMember', { ...named, nonce });
      if (ack.result === 'ok' || !live()) return;
      const room = await channel.emitWithAck('PreJoinSession', named);
      if (!live()) return;
      const elsewhere = room.session?.present.includes(options.userId) ?? false;
      if (room.result !== 'ok' || elsewhere) end();
      else await join();
    } catch {
      // No answer: the channel's own reconnection rejoins.
    } finally {
      probing = false;
    }
  }

  function retry(): void {
    if (!live()) return;
    channel.connect();
    if (channel.state === 'open') void join().then(() => renewPeer());
  }

  // ---- Quality and data saver ----

  async function readQuality(): Promise<void> {
    const current = peer;
    if (!current) return;
    let reading: StatsReading;
    try {
      reading = readStats(await current.connection.getStats());
    } catch {
      return;
    }
    if (peer !== current) return;
    samples = [...samples.slice(-5), sampleBetween(lossFrom, reading)];
    lastReading = reading;
    lossFrom = reading;
    quality = linkQuality(samples);
    const sample = samples[samples.length - 1];
    stats = {
      roundTripMs: reading.roundTripMs,
      lossPercent: sample?.lossPercent ?? null,
      bytesUsed: bytesOfClosedPeers + reading.bytes,
      relayed: reading.relayed,
    };
    const before = saver.applied;
    saver = nextDataSaver(saver, quality);
    if (saver.applied !== before) saverApplied();
    changed();
  }

  function setDataSaver(mode: DataSaverMode): void {
    saver = dataSaverChosen(mode);
    saverApplied();
    changed();
  }

  function saverApplied(): void {
    send('SetDataSaver', { mode: saver.applied });
    void applyCaps();
  }

  /**
   * What this side sends is capped by its own saver and by the other side's. One at a time: a
   * sender refuses parameters read before another `setParameters` went through.
   */
  function applyCaps(): Promise<void> {
    capping = capping.then(async () => {
      const mode = stricterSaver(saver.applied, remoteSaver);
      const camera = localStream.getVideoTracks()[0];
      const height = camera?.getSettings().height ?? null;
      await capSender(videoSender, videoCaps(mode, screenTrack !== null, height));
      await capSender(audioSender, audioCaps(mode));
    });
    return capping;
  }

  async function capSender(sender: RTCRtpSender | null, caps: EncodingCaps): Promise<void> {
    if (!sender) return;
    const current = sender.getParameters();
    if (hasCaps(current, caps)) return;
    try {
      await sender.setParameters(withCaps(current, caps));
    } catch (error) {
      // Chromium refuses parameters while a negotiation changes them; try again a little later.
      console.warn('[call] could not cap a sender:', error);
      if (!capsRetry)
        capsRetry = setTimeout(() => {
          capsRetry = null;
          void applyCaps();
        }, CAPS_RETRY_MS);
    }
  }

  // ---- Camera, microphone, screen ----

  function toggleCamera(): void {
    cameraOn = !cameraOn;
    for (const track of localStream.getVideoTracks()) track.enabled = cameraOn;
    send('ToggleCamera', { on: cameraOn });
    changed();
  }

  function toggleMic(): void {
    micOn = !micOn;
    for (const track of localStream.getAudioTracks()) track.enabled = micOn;
    send('ToggleMic', { on: micOn });
    changed();
  }

  async function startScreenShare(): Promise<void> {
    if (screenTrack || !live()) return;
    const screen = await deps.getDisplayMedia();
    const [track] = screen.getVideoTracks();
    if (!track) return;
    if (!live()) {
      track.stop();
      return;
    }
    screenTrack = track;
    // The browser's own "stop sharing" ends the track.
    track.addEventListener('ended', stopScreenShare);
    await sendVideo(track);
    send('UserSharingScreen', { sharing: true });
    void applyCaps();
    changed();
  }

  function stopScreenShare(): void {
    const track = screenTrack;
    if (!track) return;
    screenTrack = null;
    track.removeEventListener('ended', stopScreenShare);
    track.stop();
    void sendVideo(localStream.getVideoTracks()[0] ?? null);
    send('UserSharingScreen', { sharing: false });
    void applyCaps();
    changed();
  }

  /** replaceTrack needs no renegotiation; without a video sender yet, addTrack renegotiates. */
  async function sendVideo(track: MediaStreamTrack | null): Promise<void> {
    if (videoSender) await videoSender.replaceTrack(track);
    else if (track && peer) videoSender = peer.connection.addTrack(track, localStream);
  }

  // ---- Start and end ----

  function begin(): void {
    startTimer = null;
    listenToTheRoom();
    cleanups.push(channel.subscribe(channelStateChanged));
    const online = () => networkChanged();
    window.addEventListener('online', online);
    cleanups.push(() => window.removeEventListener('online', online));
    const connection = networkInformation();
    connection?.addEventListener('change', online);
    cleanups.push(() => connection?.removeEventListener('change', online));
    tickTimer = setInterval(tick, TICK_MS);
    void freshIceServers();
    phase = 'joining';
    changed();
    channel.connect();
    // socket.io holds what is sent until the connection is up.
    void join();
  }

  function dispose(): void {
    for (const cleanup of cleanups.splice(0)) cleanup();
    if (tickTimer) clearInterval(tickTimer);
    if (restartTimer) clearTimeout(restartTimer);
    if (capsRetry) clearTimeout(capsRetry);
    capsRetry = null;
    tickTimer = null;
    restartTimer = null;
    closePeer();
    waitingSignals.length = 0;
    screenTrack?.stop();
    screenTrack = null;
    for (const track of localStream.getTracks()) track.stop();
    remoteStream = null;
    changed();
  }

  /** Out of the room already (closed, or taken over by another tab): no LeaveSession. */
  function end(): void {
    phase = 'ended';
    dispose();
  }

  function leave(): void {
    if (!live()) return;
    const wasJoined = phase === 'joined' || phase === 'joining';
    phase = 'ended';
    if (wasJoined && channel.state === 'open') channel.emit('LeaveSession', named);
    dispose();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start() {
      if (startTimer || phase !== 'idle' || tickTimer) return;
      startTimer = setTimeout(begin, 0);
    },
    stop() {
      if (startTimer) {
        clearTimeout(startTimer);
        startTimer = null;
        return;
      }
      leave();
    },
  };
}

/** `navigator.connection` (Chromium): its `change` tells a new network before `online` does. */
function networkInformation(): EventTarget | null {
  const connection: unknown = Reflect.get(navigator, 'connection');
  return connection instanceof EventTarget ? connection : null;
}
