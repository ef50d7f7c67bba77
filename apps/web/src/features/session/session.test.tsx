import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, UI_MESSAGES, createQueryClient } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import { ReadyScreen } from './ReadyScreen';
import { DEVICE_CLOCK_TOLERANCE_MS, deviceClockOffset } from './clock';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());

class FakeTrack {
  stopped = false;
  constructor(
    readonly kind: 'video' | 'audio',
    readonly deviceId: string,
  ) {}
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return { deviceId: this.deviceId };
  }
}

/** happy-dom's MediaStream (a video's srcObject must be one), with our tracks. */
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

const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;

const CAMERAS = [
  device('videoinput', 'cam-1', 'كاميرا اللابتوب'),
  device('videoinput', 'cam-2', 'USB Camera'),
];
const MICS = [device('audioinput', 'mic-1', 'ميكروفون اللابتوب')];

type Constraints = {
  video: true | { deviceId: { exact: string } };
  audio: true | { deviceId: { exact: string } };
};

/** A stream of the asked devices (the first of each kind by default). */
const grant = async (constraints: MediaStreamConstraints) => {
  const asked = constraints as Constraints;
  return new FakeStream([
    new FakeTrack('video', asked.video === true ? 'cam-1' : asked.video.deviceId.exact),
    new FakeTrack('audio', asked.audio === true ? 'mic-1' : asked.audio.deviceId.exact),
  ]) as unknown as MediaStream;
};

const domError = (name: string) => Object.assign(new Error(name), { name });

function installMedia(
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>,
  devices: MediaDeviceInfo[] = [...CAMERAS, ...MICS],
) {
  const mediaDevices = {
    getUserMedia: vi.fn(getUserMedia),
    enumerateDevices: vi.fn(async () => devices),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: mediaDevices });
  return mediaDevices;
}

/** Web Audio whose analyser hears a steady waveform `amplitude` away from silence (128). */
function installAudio(amplitude: number) {
  class FakeAudioContext {
    createMediaStreamSource() {
      return { connect: vi.fn(), disconnect: vi.fn() };
    }
    createAnalyser() {
      return {
        fftSize: 0,
        getByteTimeDomainData: (samples: Uint8Array) => samples.fill(128 + amplitude),
      };
    }
    resume = () => Promise.resolve();
    close = () => Promise.resolve();
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
}

beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', class {});
  installAudio(16);
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  resetSession();
});

const STUDENT = makeUser();

describe('/session, the device check', () => {
  it('shows the preview, both device lists and the microphone level; choosing a camera swaps the stream', async () => {
    signInAs(server, STUDENT);
    const media = installMedia(grant);
    renderApp('/session');
    const ui = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'فحص الكاميرا والميكروفون' })).toBeTruthy();
    const preview = await screen.findByLabelText('معاينة الكاميرا');
    expect(preview.tagName).toBe('VIDEO');
    expect(await screen.findByText('الكاميرا والميكروفون يعملان.')).toBeTruthy();
    // 16/128 RMS, scaled by 300: 38.
    const meter = await screen.findByRole('meter', { name: 'مستوى صوت الميكروفون' });
    await waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('38'));

    const camera = (await screen.findByLabelText('الكاميرا')) as HTMLSelectElement;
    expect([...camera.options].map((option) => option.textContent)).toEqual([
      'كاميرا اللابتوب',
      'USB Camera',
    ]);
    expect(camera.value).toBe('cam-1');
    expect((screen.getByLabelText('الميكروفون') as HTMLSelectElement).value).toBe('mic-1');
    // No join button on the device check, and no warning.
    expect(screen.queryByRole('button', { name: 'انضم إلى الدرس' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    const first = (await media.getUserMedia.mock.results[0]?.value) as unknown as FakeStream;
    await ui.selectOptions(camera, 'cam-2');
    await waitFor(() => expect(media.getUserMedia).toHaveBeenCalledTimes(2));
    expect(media.getUserMedia.mock.calls[1]?.[0]).toEqual({
      video: { deviceId: { exact: 'cam-2' } },
      audio: true,
    });
    expect(first.tracks.every((track) => track.stopped)).toBe(true);
    await waitFor(() => expect(camera.value).toBe('cam-2'));
  });

  it('says which device is missing (NotFoundError), and asks again on retry', async () => {
    signInAs(server, STUDENT);
    const media = installMedia(() => Promise.reject(domError('NotFoundError')), [...MICS]);
    renderApp('/session');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.cameraNotFound);
    expect(alert.textContent).not.toContain(UI_MESSAGES.microphoneNotFound);
    expect(screen.queryByLabelText('معاينة الكاميرا')).toBeNull();

    media.getUserMedia.mockImplementation(grant);
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByLabelText('معاينة الكاميرا')).toBeTruthy();
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('names both devices when none is found', async () => {
    signInAs(server, STUDENT);
    installMedia(() => Promise.reject(domError('NotFoundError')), []);
    renderApp('/session');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.cameraNotFound);
    expect(alert.textContent).toContain(UI_MESSAGES.microphoneNotFound);
  });

  it('says permission was denied (NotAllowedError): both, or the one the browser names', async () => {
    signInAs(server, STUDENT);
    installMedia(() => Promise.reject(domError('NotAllowedError')));
    const view = renderApp('/session');
    let alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.cameraPermissionDenied);
    expect(alert.textContent).toContain(UI_MESSAGES.microphonePermissionDenied);
    view.unmount();

    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: {
        query: async ({ name }: { name: string }) => ({
          state: name === 'camera' ? 'denied' : 'granted',
        }),
      },
    });
    renderApp('/session');
    alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.cameraPermissionDenied);
    expect(alert.textContent).not.toContain(UI_MESSAGES.microphonePermissionDenied);
    Reflect.deleteProperty(navigator, 'permissions');
  });

  it('says an unexpected error for anything else (NotReadableError)', async () => {
    signInAs(server, STUDENT);
    installMedia(() => Promise.reject(domError('NotReadableError')));
    renderApp('/session');
    expect((await screen.findByRole('alert')).textContent).toContain(
      UI_MESSAGES.deviceUnexpectedError,
    );
  });

  it('warns about a browser without mediaDevices, and one without WebRTC', async () => {
    signInAs(server, STUDENT);
    vi.stubGlobal('RTCPeerConnection', undefined);
    const view = renderApp('/session');
    const alerts = await screen.findAllByRole('alert');
    const text = alerts.map((alert) => alert.textContent).join(' ');
    expect(text).toContain(UI_MESSAGES.unsupportedBrowser);
    expect(text).toContain(UI_MESSAGES.noWebRtc);
    expect(screen.queryByRole('status', { name: /جارٍ تشغيل/ })).toBeNull();
    view.unmount();

    // mediaDevices without RTCPeerConnection: the preview still works, the WebRTC warning stays.
    installMedia(grant);
    renderApp('/session');
    expect(await screen.findByLabelText('معاينة الكاميرا')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(UI_MESSAGES.noWebRtc);
    expect(screen.queryByText(UI_MESSAGES.unsupportedBrowser)).toBeNull();
  });

  it('shows a spinner while the browser asks for permission', async () => {
    signInAs(server, STUDENT);
    installMedia(() => new Promise<MediaStream>(() => undefined));
    renderApp('/session');
    expect(await screen.findByText(/جارٍ تشغيل الكاميرا والميكروفون/)).toBeTruthy();
    expect(screen.queryByLabelText('معاينة الكاميرا')).toBeNull();
  });

  it('warns when the device clock is more than 2 minutes off the server’s Date', async () => {
    signInAs(server, STUDENT);
    installMedia(grant);
    const dated = (offsetMs: number) => () =>
      new Response(JSON.stringify({ status: 'ok', database: { status: 'up', driver: 'pglite' } }), {
        headers: {
          'content-type': 'application/json',
          date: new Date(Date.now() + offsetMs).toUTCString(),
        },
      });
    server.on('GET', '/health', dated(-10 * 60_000));
    const view = renderApp('/session');
    expect((await screen.findByRole('alert')).textContent).toContain(
      UI_MESSAGES.deviceClockWarning,
    );
    view.unmount();

    server.on('GET', '/health', dated(60_000));
    renderApp('/session');
    await screen.findByLabelText('معاينة الكاميرا');
    await waitFor(() => expect(server.callsTo('GET', '/health').length).toBeGreaterThan(1));
    expect(screen.queryByText(UI_MESSAGES.deviceClockWarning)).toBeNull();
  });
});

describe('the clock offset', () => {
  it('takes the middle of the round trip against the middle of the Date second', () => {
    const serverTime = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(
      deviceClockOffset({ serverTime, sentAt: serverTime, receivedAt: serverTime + 1000 }),
    ).toBe(0);
    expect(
      deviceClockOffset({
        serverTime,
        sentAt: serverTime + DEVICE_CLOCK_TOLERANCE_MS,
        receivedAt: serverTime + DEVICE_CLOCK_TOLERANCE_MS + 1000,
      }),
    ).toBe(DEVICE_CLOCK_TOLERANCE_MS);
  });
});

describe('the ready screen’s join button', () => {
  const renderReady = (props: Parameters<typeof ReadyScreen>[0]) =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ReadyScreen checkClock={false} {...props} />
      </AppProviders>,
    );

  it('hands the checked stream and devices to onJoin, which keeps it running', async () => {
    const media = installMedia(grant);
    const onJoin = vi.fn();
    const view = renderReady({ onJoin });
    await screen.findByLabelText('معاينة الكاميرا');
    const join = screen.getByRole('button', { name: 'انضم إلى الدرس' });
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup().click(join);
    const stream = (await media.getUserMedia.mock.results[0]?.value) as unknown as FakeStream;
    expect(onJoin).toHaveBeenCalledWith(stream, { cameraId: 'cam-1', microphoneId: 'mic-1' });
    view.unmount();
    expect(stream.tracks.some((track) => track.stopped)).toBe(false);
  });

  it('stops the stream on leaving when it was not handed over', async () => {
    const media = installMedia(grant);
    const view = renderReady({});
    await screen.findByLabelText('معاينة الكاميرا');
    view.unmount();
    const stream = (await media.getUserMedia.mock.results[0]?.value) as unknown as FakeStream;
    expect(stream.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('is disabled with its note while the call is not open', async () => {
    installMedia(grant);
    renderReady({ joinUnavailable: 'المكالمة قادمة' });
    await screen.findByLabelText('معاينة الكاميرا');
    const join = screen.getByRole('button', { name: 'انضم إلى الدرس' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    expect(join.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(join.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'المكالمة قادمة',
    );
  });
});
