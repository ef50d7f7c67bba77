// A stand-in for RTCPeerConnection in the main app's DOM tests (happy-dom has none; never
// imported by app code): JSEP's signaling states, enough for perfect negotiation (offers and
// answers from `setLocalDescription()` without arguments, the implicit rollback of a local offer
// by a remote one, candidates refused before a remote description), senders whose parameters can
// be read and set, and `connect()`/`drop()` to play the link's state. Every one made is kept in
// `fakeConnections`.

let made = 0;

export class FakeSender {
  parameters: RTCRtpSendParameters = {
    encodings: [{ active: true }],
    transactionId: 't',
    codecs: [],
    headerExtensions: [],
    rtcp: {},
  };
  constructor(public track: MediaStreamTrack | null) {}
  getParameters(): RTCRtpSendParameters {
    return structuredClone(this.parameters);
  }
  async setParameters(parameters: RTCRtpSendParameters): Promise<void> {
    await Promise.resolve();
    this.parameters = parameters;
  }
  async replaceTrack(track: MediaStreamTrack | null): Promise<void> {
    await Promise.resolve();
    this.track = track;
  }
}

export class FakeConnection {
  readonly origin = String(++made);
  readonly configuration: RTCConfiguration | undefined;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  candidates: (RTCIceCandidateInit | undefined)[] = [];
  senders: FakeSender[] = [];
  restarts = 0;
  closed = false;
  stats: Record<string, unknown>[] = [];
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  private version = 0;
  private negotiationQueued = false;

  constructor(configuration?: RTCConfiguration) {
    this.configuration = configuration;
    fakeConnections.push(this);
  }

  private description(type: RTCSdpType): RTCSessionDescriptionInit {
    this.version += 1;
    return { type, sdp: `v=0\r\no=- ${this.origin} ${String(this.version)} IN IP4 0.0.0.0\r\n` };
  }

  addTrack(track: MediaStreamTrack): FakeSender {
    const sender = new FakeSender(track);
    this.senders.push(sender);
    this.negotiationNeeded();
    return sender;
  }

  /** As browsers do: once for a batch of changes, in a task, and only when stable. */
  private negotiationNeeded(): void {
    if (this.negotiationQueued) return;
    this.negotiationQueued = true;
    setTimeout(() => {
      this.negotiationQueued = false;
      if (!this.closed && this.signalingState === 'stable') this.onnegotiationneeded?.();
    }, 0);
  }

  async setLocalDescription(description?: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    if (description?.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
      return;
    }
    if (this.signalingState === 'stable') {
      this.localDescription = this.description('offer');
      this.signalingState = 'have-local-offer';
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = this.description('answer');
      this.signalingState = 'stable';
    } else throw new Error(`InvalidStateError: setLocalDescription in ${this.signalingState}`);
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    if (description.type === 'offer') {
      this.signalingState = 'have-remote-offer';
    } else if (this.signalingState === 'have-local-offer') {
      this.signalingState = 'stable';
    } else throw new Error(`InvalidStateError: answer in ${this.signalingState}`);
    this.remoteDescription = description;
  }

  async addIceCandidate(candidate?: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    if (!this.remoteDescription) throw new Error('InvalidStateError: no remote description');
    this.candidates.push(candidate);
  }

  async getStats(): Promise<RTCStatsReport> {
    await Promise.resolve();
    return new Map(this.stats.map((stat) => [String(stat.id), stat])) as unknown as RTCStatsReport;
  }

  restartIce(): void {
    this.restarts += 1;
    this.negotiationNeeded();
  }

  /** Plays the link coming up (`connected`) or going down (`disconnected`, `failed`). */
  link(state: 'connected' | 'disconnected' | 'failed'): void {
    this.connectionState = state;
    this.iceConnectionState = state;
    this.onconnectionstatechange?.();
  }

  close(): void {
    this.closed = true;
    this.connectionState = 'closed';
  }
}

export const fakeConnections: FakeConnection[] = [];
