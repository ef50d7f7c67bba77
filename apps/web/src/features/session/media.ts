/**
 * The camera and microphone of the ready screen (issue 19): what the browser supports, the local
 * stream of the chosen devices (getUserMedia), the device lists (enumerateDevices, kept fresh on
 * `devicechange`), the spec's problems when the devices cannot be had, and the microphone's level
 * (Web Audio AnalyserNode).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** The spec's camera and microphone messages (keys of UI_MESSAGES). */
export type MediaProblem =
  | 'cameraNotFound'
  | 'microphoneNotFound'
  | 'cameraPermissionDenied'
  | 'microphonePermissionDenied'
  | 'deviceUnexpectedError';

/** The devices the local stream uses; null: the browser's default. */
export interface ChosenDevices {
  cameraId: string | null;
  microphoneId: string | null;
}

export interface MediaSupport {
  /** `navigator.mediaDevices.getUserMedia`: without it there is no camera at all. */
  mediaDevices: boolean;
  /** `RTCPeerConnection`: without it the call cannot happen. */
  webRtc: boolean;
}

export function mediaSupport(): MediaSupport {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return {
    mediaDevices: typeof devices?.getUserMedia === 'function',
    webRtc: typeof globalThis.RTCPeerConnection === 'function',
  };
}

const nameOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : '';

async function listDevices(): Promise<MediaDeviceInfo[]> {
  try {
    return await navigator.mediaDevices.enumerateDevices();
  } catch {
    return [];
  }
}

/** Which of camera and microphone the browser's permissions say are denied (when it says). */
async function deniedPermissions(): Promise<MediaProblem[]> {
  const ask = async (name: string): Promise<boolean> => {
    try {
      const status = await navigator.permissions.query({ name: name as PermissionName });
      return status.state === 'denied';
    } catch {
      return false;
    }
  };
  const [camera, microphone] = await Promise.all([ask('camera'), ask('microphone')]);
  const denied: MediaProblem[] = [];
  if (camera) denied.push('cameraPermissionDenied');
  if (microphone) denied.push('microphonePermissionDenied');
  return denied;
}

/**
 * The spec's messages for a getUserMedia failure: NotFoundError names the missing device(s)
 * (both when the device list does not tell), NotAllowedError the denied permission(s) (both when
 * the Permissions API does not tell), anything else is the unexpected error.
 */
export async function problemsOf(error: unknown): Promise<MediaProblem[]> {
  const name = nameOf(error);
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') {
    const devices = await listDevices();
    const missing: MediaProblem[] = [];
    if (!devices.some((device) => device.kind === 'videoinput')) missing.push('cameraNotFound');
    if (!devices.some((device) => device.kind === 'audioinput')) missing.push('microphoneNotFound');
    return missing.length > 0 ? missing : ['cameraNotFound', 'microphoneNotFound'];
  }
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    const denied = await deniedPermissions();
    return denied.length > 0 ? denied : ['cameraPermissionDenied', 'microphonePermissionDenied'];
  }
  return ['deviceUnexpectedError'];
}

export function constraintsOf(devices: ChosenDevices): MediaStreamConstraints {
  return {
    video: devices.cameraId ? { deviceId: { exact: devices.cameraId } } : true,
    audio: devices.microphoneId ? { deviceId: { exact: devices.microphoneId } } : true,
  };
}

export const stopStream = (stream: MediaStream): void => {
  for (const track of stream.getTracks()) track.stop();
};

export type LocalMedia =
  | { status: 'unsupported' }
  | { status: 'starting' }
  | { status: 'ready'; stream: MediaStream }
  | { status: 'failed'; problems: MediaProblem[] };

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** The device a stream's track of that kind uses, when the browser says. */
const trackDeviceId = (tracks: MediaStreamTrack[]): string | null =>
  tracks[0]?.getSettings().deviceId ?? null;

/**
 * The local camera and microphone stream for the chosen devices: asked for on mount and again
 * whenever a device is chosen or `retry` is called; stopped on unmount or when replaced, unless
 * `handOver` gave it to the call.
 */
export function useLocalMedia() {
  const [supported] = useState(() => mediaSupport().mediaDevices);
  const [wanted, setWanted] = useState<ChosenDevices>({ cameraId: null, microphoneId: null });
  const [attempt, setAttempt] = useState(0);
  const [media, setMedia] = useState<LocalMedia>(() =>
    supported ? { status: 'starting' } : { status: 'unsupported' },
  );
  const [lists, setLists] = useState<DeviceLists>({ cameras: [], microphones: [] });
  const handedOver = useRef<MediaStream | null>(null);

  const refreshLists = useCallback(async () => {
    const devices = await listDevices();
    setLists({
      cameras: devices.filter((device) => device.kind === 'videoinput' && device.deviceId !== ''),
      microphones: devices.filter(
        (device) => device.kind === 'audioinput' && device.deviceId !== '',
      ),
    });
  }, []);

  useEffect(() => {
    if (!supported) return;
    let active = true;
    let stream: MediaStream | null = null;
    setMedia({ status: 'starting' });
    navigator.mediaDevices.getUserMedia(constraintsOf(wanted)).then(
      (got) => {
        if (!active) return stopStream(got);
        stream = got;
        setMedia({ status: 'ready', stream: got });
        void refreshLists();
      },
      async (error: unknown) => {
        const problems = await problemsOf(error);
        if (!active) return;
        setMedia({ status: 'failed', problems });
        void refreshLists();
      },
    );
    return () => {
      active = false;
      if (stream && handedOver.current !== stream) stopStream(stream);
    };
  }, [supported, wanted, attempt, refreshLists]);

  useEffect(() => {
    if (!supported) return;
    const devices = navigator.mediaDevices;
    const onChange = () => void refreshLists();
    devices.addEventListener?.('devicechange', onChange);
    return () => devices.removeEventListener?.('devicechange', onChange);
  }, [supported, refreshLists]);

  const stream = media.status === 'ready' ? media.stream : null;
  const chosen: ChosenDevices = {
    cameraId: wanted.cameraId ?? (stream ? trackDeviceId(stream.getVideoTracks()) : null),
    microphoneId: wanted.microphoneId ?? (stream ? trackDeviceId(stream.getAudioTracks()) : null),
  };

  return {
    media,
    lists,
    chosen,
    chooseCamera: (cameraId: string) => setWanted((was) => ({ ...was, cameraId })),
    chooseMicrophone: (microphoneId: string) => setWanted((was) => ({ ...was, microphoneId })),
    retry: () => setAttempt((count) => count + 1),
    /** The stream now belongs to the caller (the call): it is no longer stopped here. */
    handOver: (given: MediaStream) => {
      handedOver.current = given;
    },
  };
}

type AudioContextClass = new () => AudioContext;

/**
 * The microphone's level, 0 to 100 (the RMS of the waveform, scaled so speech fills the meter),
 * or null when there is no audio track or no Web Audio. Browsers may start the context suspended
 * until the person interacts with the page: the first pointer or key press resumes it.
 */
export function useMicLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const Context: AudioContextClass | undefined =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!stream || stream.getAudioTracks().length === 0 || !Context) {
      setLevel(null);
      return;
    }
    const context = new Context();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    let last = -1;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) {
        const centred = (sample - 128) / 128;
        sum += centred * centred;
      }
      const next = Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300));
      if (next !== last) {
        last = next;
        setLevel(next);
      }
      frame = requestAnimationFrame(tick);
    };
    tick();
    const resume = () => void context.resume().catch(() => undefined);
    resume();
    document.addEventListener('pointerdown', resume);
    document.addEventListener('keydown', resume);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream]);
  return level;
}
