/**
 * The call's link quality and data saver (issue 19 items 5 and 8; docs/decisions/296-call-
 * quality-and-data-saver.md): one reading of `getStats`, the link's classification over the last
 * readings, when data saver steps down to audio by itself, and the caps each mode puts on the
 * senders. Pure, so the thresholds are tested without a browser.
 */
import type { DataSaverMode, LinkQuality } from './types';

/** What one `getStats` report says, cumulative for the peer connection. */
export interface StatsReading {
  roundTripMs: number | null;
  packetsLost: number;
  packetsReceived: number;
  bytes: number;
  relayed: boolean;
}

/** One interval between two readings: what the classification looks at. */
export interface LinkSample {
  roundTripMs: number | null;
  lossPercent: number | null;
}

/** Loss above this share of inbound packets, over one interval, makes the sample poor. */
export const POOR_LOSS_PERCENT = 8;
/** A round trip above this makes the sample poor (one-way ~200 ms: talk starts to overlap). */
export const POOR_ROUND_TRIP_MS = 400;
/** The link is poor when this many of the last `SAMPLES_CONSIDERED` samples are (~6 s). */
const SAMPLES_CONSIDERED = 3;
const POOR_SAMPLES_NEEDED = 2;

type Stat = Record<string, unknown> & { type: string; id: string };

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

function statsOf(report: RTCStatsReport): Stat[] {
  const all: Stat[] = [];
  report.forEach((stat: Stat) => all.push(stat));
  return all;
}

/**
 * The pair ICE is using: the transport names it (Chromium, Safari); Firefox marks it `selected`;
 * else the nominated pair that succeeded.
 */
function selectedPair(stats: Stat[], byId: Map<string, Stat>): Stat | undefined {
  for (const stat of stats) {
    if (stat.type !== 'transport' || typeof stat.selectedCandidatePairId !== 'string') continue;
    const pair = byId.get(stat.selectedCandidatePairId);
    if (pair) return pair;
  }
  return (
    stats.find((stat) => stat.type === 'candidate-pair' && stat.selected === true) ??
    stats.find(
      (stat) =>
        stat.type === 'candidate-pair' && stat.nominated === true && stat.state === 'succeeded',
    )
  );
}

const isRelay = (candidate: Stat | undefined): boolean => candidate?.candidateType === 'relay';

/**
 * Bytes both ways: the transports count every byte of the connection, across ICE restarts (a
 * pair only counts its own); without transport stats (Firefox), the sum over the pairs.
 */
function bytesOf(stats: Stat[]): number {
  const sum = (type: string): number =>
    stats
      .filter((stat) => stat.type === type)
      .reduce((total, stat) => total + numberOf(stat.bytesSent) + numberOf(stat.bytesReceived), 0);
  return stats.some((stat) => stat.type === 'transport') ? sum('transport') : sum('candidate-pair');
}

export function readStats(report: RTCStatsReport): StatsReading {
  const stats = statsOf(report);
  const byId = new Map(stats.map((stat) => [stat.id, stat]));
  const pair = selectedPair(stats, byId);
  const rtt = pair?.currentRoundTripTime;
  const inbound = stats.filter((stat) => stat.type === 'inbound-rtp');
  return {
    roundTripMs: typeof rtt === 'number' ? Math.round(rtt * 1000) : null,
    packetsLost: inbound.reduce((total, stat) => total + numberOf(stat.packetsLost), 0),
    packetsReceived: inbound.reduce((total, stat) => total + numberOf(stat.packetsReceived), 0),
    bytes: bytesOf(stats),
    relayed:
      pair !== undefined &&
      (isRelay(byId.get(String(pair.localCandidateId))) ||
        isRelay(byId.get(String(pair.remoteCandidateId)))),
  };
}

/** Loss over the interval since the previous reading of the same peer connection, 0-100. */
export function sampleBetween(previous: StatsReading | null, current: StatsReading): LinkSample {
  if (!previous) return { roundTripMs: current.roundTripMs, lossPercent: null };
  const lost = Math.max(0, current.packetsLost - previous.packetsLost);
  const received = Math.max(0, current.packetsReceived - previous.packetsReceived);
  const total = lost + received;
  return {
    roundTripMs: current.roundTripMs,
    lossPercent: total === 0 ? null : Math.round((lost / total) * 1000) / 10,
  };
}

const isPoor = (sample: LinkSample): boolean =>
  (sample.lossPercent ?? 0) > POOR_LOSS_PERCENT || (sample.roundTripMs ?? 0) > POOR_ROUND_TRIP_MS;

/** Poor when most of the last few samples are: one bad reading is a blip, not a link. */
export function linkQuality(samples: readonly LinkSample[]): LinkQuality {
  const recent = samples.slice(-SAMPLES_CONSIDERED);
  return recent.filter(isPoor).length >= POOR_SAMPLES_NEEDED ? 'poor' : 'good';
}

/** The room suggests data saver while the link is poor and the member has not turned it on. */
export const dataSaverSuggested = (chosen: DataSaverMode, quality: LinkQuality): boolean =>
  chosen === 'off' && quality === 'poor';

// ---- Data saver stepping down and back by itself ----

/** Poor this many readings in a row (~10 s) in video saver: drop the camera. */
const STEP_DOWN_AFTER_POOR = 5;
/** Good this many readings in a row (~30 s) in audio: try the capped video again. */
const STEP_UP_AFTER_GOOD = 15;

/** The member's choice (the ceiling), what is applied now, and the current runs of readings. */
export interface DataSaverState {
  chosen: DataSaverMode;
  applied: DataSaverMode;
  poorRun: number;
  goodRun: number;
}

export const dataSaverChosen = (chosen: DataSaverMode): DataSaverState => ({
  chosen,
  applied: chosen,
  poorRun: 0,
  goodRun: 0,
});

/**
 * After a reading: in `video` saver a link that stays poor steps down to `audio`; back in `video`
 * once it has been good for a while. Never above the member's choice, and `off` stays off (the
 * room only suggests it then).
 */
export function nextDataSaver(state: DataSaverState, quality: LinkQuality): DataSaverState {
  const poorRun = quality === 'poor' ? state.poorRun + 1 : 0;
  const goodRun = quality === 'good' ? state.goodRun + 1 : 0;
  if (state.chosen !== 'video') return { ...state, applied: state.chosen, poorRun, goodRun };
  if (state.applied === 'video' && poorRun >= STEP_DOWN_AFTER_POOR)
    return { ...state, applied: 'audio', poorRun: 0, goodRun: 0 };
  if (state.applied === 'audio' && goodRun >= STEP_UP_AFTER_GOOD)
    return { ...state, applied: 'video', poorRun: 0, goodRun: 0 };
  return { ...state, poorRun, goodRun };
}

/** The stricter of two modes: what a side sends is capped by its own and the other's saver. */
export function stricterSaver(a: DataSaverMode, b: DataSaverMode): DataSaverMode {
  const rank: Record<DataSaverMode, number> = { off: 0, video: 1, audio: 2 };
  return rank[a] >= rank[b] ? a : b;
}

// ---- The caps on the senders ----

/** Capped camera: ~320x180 at 15 fps within 120 kbps (record 296: 4 MB/min with margin). */
export const SAVER_VIDEO_BITRATE = 120_000;
export const SAVER_VIDEO_HEIGHT = 180;
export const SAVER_VIDEO_FRAMERATE = 15;
/** A shared screen under data saver: text stays legible at a low frame rate. */
export const SAVER_SCREEN_BITRATE = 150_000;
export const SAVER_SCREEN_FRAMERATE = 5;
/** Opus: 32 kbps with capped video, 24 kbps audio only (1 MB/min with packet overhead). */
export const SAVER_AUDIO_BITRATE = { video: 32_000, audio: 24_000 } as const;

/** What one encoding of a sender gets; null: the browser's own choice. */
export interface EncodingCaps {
  active: boolean;
  maxBitrate: number | null;
  maxFramerate: number | null;
  scaleResolutionDownBy: number | null;
}

const uncapped: EncodingCaps = {
  active: true,
  maxBitrate: null,
  maxFramerate: null,
  scaleResolutionDownBy: null,
};

/**
 * The video sender's caps. `audio` saver stops the camera's encoding (`active: false`: nothing
 * is sent, the track and its sender stay, so the mode can lift without renegotiating) but a
 * shared screen still flows, capped.
 */
export function videoCaps(
  mode: DataSaverMode,
  sharingScreen: boolean,
  trackHeight: number | null,
): EncodingCaps {
  if (mode === 'off') return uncapped;
  if (sharingScreen)
    return {
      active: true,
      maxBitrate: SAVER_SCREEN_BITRATE,
      maxFramerate: SAVER_SCREEN_FRAMERATE,
      scaleResolutionDownBy: null,
    };
  if (mode === 'audio') return { ...uncapped, active: false };
  return {
    active: true,
    maxBitrate: SAVER_VIDEO_BITRATE,
    maxFramerate: SAVER_VIDEO_FRAMERATE,
    scaleResolutionDownBy:
      trackHeight && trackHeight > SAVER_VIDEO_HEIGHT ? trackHeight / SAVER_VIDEO_HEIGHT : 1,
  };
}

export function audioCaps(mode: DataSaverMode): EncodingCaps {
  return mode === 'off' ? uncapped : { ...uncapped, maxBitrate: SAVER_AUDIO_BITRATE[mode] };
}

/** Whether a sender's parameters already carry these caps (nothing to set). */
export function hasCaps(parameters: RTCRtpSendParameters, caps: EncodingCaps): boolean {
  const first = parameters.encodings[0];
  if (!first) return false;
  return (
    (first.active ?? true) === caps.active &&
    (first.maxBitrate ?? null) === caps.maxBitrate &&
    (first.maxFramerate ?? null) === caps.maxFramerate &&
    (first.scaleResolutionDownBy ?? null) === caps.scaleResolutionDownBy
  );
}

/** The caps written onto a sender's parameters (a cap that is null is removed). */
export function withCaps(
  parameters: RTCRtpSendParameters,
  caps: EncodingCaps,
): RTCRtpSendParameters {
  const encodings = parameters.encodings.length > 0 ? parameters.encodings : [{}];
  const [first, ...rest] = encodings;
  const next: RTCRtpEncodingParameters = { ...first, active: caps.active };
  const set = (
    key: 'maxBitrate' | 'maxFramerate' | 'scaleResolutionDownBy',
    value: number | null,
  ) => {
    if (value === null) delete next[key];
    else next[key] = value;
  };
  set('maxBitrate', caps.maxBitrate);
  set('maxFramerate', caps.maxFramerate);
  set('scaleResolutionDownBy', caps.scaleResolutionDownBy);
  return { ...parameters, encodings: [next, ...rest] };
}
