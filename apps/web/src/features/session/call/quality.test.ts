import { describe, expect, it } from 'vitest';
import {
  SAVER_AUDIO_BITRATE,
  SAVER_VIDEO_BITRATE,
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
import type { DataSaverState, LinkSample } from './quality';
import { callStatus, descriptionOrigin } from './status';

/** An RTCStatsReport is a read-only map of stats by id. */
const report = (stats: Record<string, unknown>[]): RTCStatsReport =>
  new Map(stats.map((stat) => [stat.id as string, stat])) as unknown as RTCStatsReport;

describe('reading getStats', () => {
  it('takes the selected pair, the inbound loss, the transport bytes and the relay', () => {
    const reading = readStats(
      report([
        {
          id: 'T',
          type: 'transport',
          selectedCandidatePairId: 'P',
          bytesSent: 1000,
          bytesReceived: 3000,
        },
        {
          id: 'P',
          type: 'candidate-pair',
          currentRoundTripTime: 0.123,
          localCandidateId: 'L',
          remoteCandidateId: 'R',
          bytesSent: 10,
          bytesReceived: 10,
        },
        { id: 'old', type: 'candidate-pair', currentRoundTripTime: 2 },
        { id: 'L', type: 'local-candidate', candidateType: 'relay' },
        { id: 'R', type: 'remote-candidate', candidateType: 'srflx' },
        { id: 'a', type: 'inbound-rtp', kind: 'audio', packetsLost: 2, packetsReceived: 98 },
        { id: 'v', type: 'inbound-rtp', kind: 'video', packetsLost: 3, packetsReceived: 197 },
      ]),
    );
    expect(reading).toEqual({
      roundTripMs: 123,
      packetsLost: 5,
      packetsReceived: 295,
      bytes: 4000,
      relayed: true,
    });
  });

  it('falls back to the nominated pair and the pairs’ bytes without transport stats', () => {
    const reading = readStats(
      report([
        { id: 'P1', type: 'candidate-pair', state: 'failed', nominated: true, bytesSent: 5 },
        {
          id: 'P2',
          type: 'candidate-pair',
          state: 'succeeded',
          nominated: true,
          currentRoundTripTime: 0.05,
          localCandidateId: 'L',
          remoteCandidateId: 'R',
          bytesSent: 100,
          bytesReceived: 200,
        },
        { id: 'L', type: 'local-candidate', candidateType: 'host' },
        { id: 'R', type: 'remote-candidate', candidateType: 'host' },
      ]),
    );
    expect(reading).toMatchObject({ roundTripMs: 50, bytes: 305, relayed: false });
  });

  it('measures loss over the interval, not since the start', () => {
    const base = { roundTripMs: 80, bytes: 0, relayed: false };
    const before = { ...base, packetsLost: 100, packetsReceived: 10_000 };
    const after = { ...base, packetsLost: 120, packetsReceived: 10_180 };
    expect(sampleBetween(before, after)).toEqual({ roundTripMs: 80, lossPercent: 10 });
    expect(sampleBetween(null, after).lossPercent).toBeNull();
    expect(sampleBetween(after, after).lossPercent).toBeNull();
  });
});

describe('the link’s quality', () => {
  const good: LinkSample = { roundTripMs: 90, lossPercent: 1 };
  const lossy: LinkSample = { roundTripMs: 90, lossPercent: 12 };
  const slow: LinkSample = { roundTripMs: 650, lossPercent: 0 };

  it('is poor when most of the last three samples are, not on one blip', () => {
    expect(linkQuality([good, good, lossy])).toBe('good');
    expect(linkQuality([lossy, good, slow])).toBe('poor');
    expect(linkQuality([lossy, slow, good, good])).toBe('good');
    expect(linkQuality([])).toBe('good');
  });

  it('suggests data saver only while it is off and the link poor', () => {
    expect(dataSaverSuggested('off', 'poor')).toBe(true);
    expect(dataSaverSuggested('video', 'poor')).toBe(false);
    expect(dataSaverSuggested('off', 'good')).toBe(false);
  });
});

describe('data saver stepping by itself', () => {
  const run = (state: DataSaverState, quality: 'good' | 'poor', times: number) =>
    Array.from({ length: times }).reduce<DataSaverState>(
      (current) => nextDataSaver(current, quality),
      state,
    );

  it('drops the camera after a poor link stays poor, and brings it back after a good while', () => {
    const video = dataSaverChosen('video');
    expect(run(video, 'poor', 4).applied).toBe('video');
    const audio = run(video, 'poor', 5);
    expect(audio.applied).toBe('audio');
    expect(run(audio, 'good', 14).applied).toBe('audio');
    expect(run(audio, 'good', 15).applied).toBe('video');
    // A poor reading in between starts the good run again.
    expect(run(nextDataSaver(run(audio, 'good', 10), 'poor'), 'good', 10).applied).toBe('audio');
  });

  it('never goes above the member’s choice nor turns itself on', () => {
    expect(run(dataSaverChosen('off'), 'poor', 50).applied).toBe('off');
    expect(run(dataSaverChosen('audio'), 'good', 50).applied).toBe('audio');
  });

  it('sends by the stricter of the two sides', () => {
    expect(stricterSaver('off', 'audio')).toBe('audio');
    expect(stricterSaver('video', 'off')).toBe('video');
    expect(stricterSaver('audio', 'video')).toBe('audio');
  });
});

describe('the senders’ caps', () => {
  it('caps the camera to ~180 lines at 15 fps and 120 kbps, the voice to 32 kbps', () => {
    expect(videoCaps('video', false, 720)).toEqual({
      active: true,
      maxBitrate: SAVER_VIDEO_BITRATE,
      maxFramerate: 15,
      scaleResolutionDownBy: 4,
    });
    expect(videoCaps('video', false, 120).scaleResolutionDownBy).toBe(1);
    expect(audioCaps('video').maxBitrate).toBe(SAVER_AUDIO_BITRATE.video);
  });

  it('stops the camera in audio mode but lets a shared screen through', () => {
    expect(videoCaps('audio', false, 720).active).toBe(false);
    expect(videoCaps('audio', true, 720)).toMatchObject({ active: true, maxBitrate: 150_000 });
    expect(audioCaps('audio').maxBitrate).toBe(24_000);
  });

  it('meets 4 MB/min with video and 1 MB/min audio only, both ways, with packet overhead', () => {
    // ~50 voice packets/s and ~30 video packets/s, 60 bytes of IP/UDP/SRTP headers each.
    const overhead = (packetsPerSecond: number) => packetsPerSecond * 60 * 8;
    const megabytesPerMinute = (bitsPerSecondOneWay: number) =>
      (2 * bitsPerSecondOneWay * 60) / 8 / 1_000_000;
    const video = SAVER_VIDEO_BITRATE + SAVER_AUDIO_BITRATE.video + overhead(80);
    const audio = SAVER_AUDIO_BITRATE.audio + overhead(50);
    expect(megabytesPerMinute(video)).toBeLessThan(4 * 0.85);
    expect(megabytesPerMinute(audio)).toBeLessThan(1 * 0.85);
  });

  it('writes caps onto the first encoding and removes lifted ones', () => {
    const capped = withCaps(
      { encodings: [{ maxBitrate: 1, scaleResolutionDownBy: 2 }] } as RTCRtpSendParameters,
      videoCaps('off', false, 720),
    );
    expect(capped.encodings).toEqual([{ active: true }]);
    expect(hasCaps(capped, videoCaps('off', false, 720))).toBe(true);
    expect(hasCaps(capped, videoCaps('video', false, 720))).toBe(false);
    const empty = withCaps(
      { encodings: [] } as unknown as RTCRtpSendParameters,
      audioCaps('audio'),
    );
    expect(empty.encodings).toEqual([{ active: true, maxBitrate: 24_000 }]);
  });
});

describe('the call’s status', () => {
  const facts = {
    phase: 'joined' as const,
    otherPresent: true,
    linked: false,
    troubleSince: null,
    now: 100_000,
  };

  it('reads the room and the link in order', () => {
    expect(callStatus({ ...facts, phase: 'joining' })).toBe('joining');
    expect(callStatus({ ...facts, phase: 'refused' })).toBe('refused');
    expect(callStatus({ ...facts, otherPresent: false })).toBe('waiting');
    expect(callStatus(facts)).toBe('connecting');
    expect(callStatus({ ...facts, linked: true })).toBe('connected');
    expect(callStatus({ ...facts, troubleSince: 80_000 })).toBe('reconnecting');
    expect(callStatus({ ...facts, troubleSince: 70_000 })).toBe('lost');
    expect(callStatus({ ...facts, phase: 'ended', linked: true })).toBe('ended');
  });

  it('tells one peer connection from another by the SDP origin', () => {
    const sdp = (id: string) => `v=0\r\no=- ${id} 2 IN IP4 127.0.0.1\r\ns=-\r\n`;
    expect(descriptionOrigin(sdp('4611731400430051336'))).toBe('4611731400430051336');
    expect(descriptionOrigin(undefined)).toBeNull();
  });
});
