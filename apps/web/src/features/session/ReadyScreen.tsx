import { useEffect, useId, useRef } from 'react';
import { Alert, Button, Select, Spinner, UI_MESSAGES, formatNumber } from '@talaqa/ui';
import { useDeviceClockOff } from './clock';
import { mediaSupport, useLocalMedia, useMicLevel } from './media';
import type { ChosenDevices, MediaProblem } from './media';

export type { ChosenDevices } from './media';

export interface ReadyScreenProps {
  /**
   * Join the call with the checked stream and devices; from then on the stream belongs to the
   * caller (the ready screen no longer stops it). Without it there is no join button unless
   * `joinUnavailable` is given.
   */
  onJoin?: (stream: MediaStream, devices: ChosenDevices) => void;
  /** Shows the join button disabled, with this note under it (the call is not open yet). */
  joinUnavailable?: string;
  /** Compare the device's clock with the server's and warn (default true). */
  checkClock?: boolean;
  /** The join button's words (default: a lesson's). */
  joinLabel?: string;
}

/** The device-clock warning (spec section 5), once the server's clock says the device is off. */
export function DeviceClockWarning() {
  const off = useDeviceClockOff();
  if (!off) return null;
  return (
    <Alert tone="warning" role="alert" title="ساعة الجهاز">
      {UI_MESSAGES.deviceClockWarning}
    </Alert>
  );
}

function Preview({ stream }: { stream: MediaStream }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    void Promise.resolve(element.play?.()).catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={video}
      autoPlay
      muted
      playsInline
      aria-label="معاينة الكاميرا"
      // Mirrored, as people expect to see themselves.
      className="aspect-video w-full -scale-x-100 rounded-2xl bg-slate-900 object-cover"
    />
  );
}

function MicMeter({ level }: { level: number }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="font-semibold text-ink" id="mic-level-label">
        مستوى صوت الميكروفون
      </span>
      <div
        role="meter"
        aria-labelledby="mic-level-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        aria-valuetext={`${formatNumber(level)}٪`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-emerald-500 transition-[width] duration-75"
          style={{ width: `${level}%` }}
        />
      </div>
      <span className="text-sm text-muted">تكلّم، ويتحرك المؤشر إن كان الميكروفون يعمل.</span>
    </div>
  );
}

const deviceLabel = (device: MediaDeviceInfo, kind: string, index: number): string =>
  device.label || `${kind} ${formatNumber(index + 1)}`;

/**
 * The ready screen (spec section 2: device permission and ready screen): asks for the camera and
 * microphone, shows the self preview and the microphone's level, lets the person choose each
 * device, says the spec's message when a device is missing, denied or failed, and warns when the
 * browser cannot make video calls or the device's clock is off.
 */
export function ReadyScreen({
  onJoin,
  joinUnavailable,
  checkClock = true,
  joinLabel = 'انضم إلى الدرس',
}: ReadyScreenProps) {
  const support = mediaSupport();
  const local = useLocalMedia();
  const { media, lists, chosen } = local;
  const stream = media.status === 'ready' ? media.stream : null;
  const level = useMicLevel(stream);
  const headingId = useId();
  const noteId = useId();
  const showJoin = onJoin !== undefined || joinUnavailable !== undefined;
  const canJoin = onJoin !== undefined && stream !== null && support.webRtc && !joinUnavailable;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-ink">
        الكاميرا والميكروفون
      </h2>
      {checkClock && <DeviceClockWarning />}
      {!support.mediaDevices && (
        <Alert tone="error" role="alert" title="المتصفح غير مدعوم">
          {UI_MESSAGES.unsupportedBrowser}
        </Alert>
      )}
      {!support.webRtc && (
        <Alert tone="error" role="alert" title="مكالمات الفيديو غير مدعومة">
          {UI_MESSAGES.noWebRtc}
        </Alert>
      )}
      {media.status !== 'unsupported' && (
        <div className="grid gap-4 md:grid-cols-[3fr_2fr]">
          <div className="flex flex-col gap-3">
            {media.status === 'starting' && (
              <div
                role="status"
                className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-2xl bg-slate-100 p-4 text-center text-muted"
              >
                <Spinner decorative />
                <span>جارٍ تشغيل الكاميرا والميكروفون… إن سألك المتصفح فاسمح بهما.</span>
              </div>
            )}
            {media.status === 'ready' && <Preview stream={media.stream} />}
            {media.status === 'failed' && (
              <Alert
                tone="error"
                role="alert"
                title="تعذّر تشغيل الكاميرا أو الميكروفون"
                action={
                  <Button variant="secondary" size="sm" onClick={local.retry}>
                    {UI_MESSAGES.retry}
                  </Button>
                }
              >
                <ul className="flex list-disc flex-col gap-1 ps-5">
                  {media.problems.map((problem: MediaProblem) => (
                    <li key={problem}>{UI_MESSAGES[problem]}</li>
                  ))}
                </ul>
              </Alert>
            )}
          </div>
          <div className="flex flex-col gap-4">
            {lists.cameras.length > 0 && (
              <Select
                label="الكاميرا"
                value={chosen.cameraId ?? ''}
                onChange={(event) => local.chooseCamera(event.target.value)}
              >
                {chosen.cameraId === null && <option value="">الكاميرا الافتراضية</option>}
                {lists.cameras.map((device, index) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {deviceLabel(device, 'كاميرا', index)}
                  </option>
                ))}
              </Select>
            )}
            {lists.microphones.length > 0 && (
              <Select
                label="الميكروفون"
                value={chosen.microphoneId ?? ''}
                onChange={(event) => local.chooseMicrophone(event.target.value)}
              >
                {chosen.microphoneId === null && <option value="">الميكروفون الافتراضي</option>}
                {lists.microphones.map((device, index) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {deviceLabel(device, 'ميكروفون', index)}
                  </option>
                ))}
              </Select>
            )}
            {level !== null && <MicMeter level={level} />}
            {media.status === 'ready' && (
              <p role="status" className="text-sm font-semibold text-emerald-700">
                الكاميرا والميكروفون يعملان.
              </p>
            )}
            {showJoin && (
              <div className="flex flex-col gap-2">
                <Button
                  disabled={!canJoin}
                  aria-describedby={joinUnavailable ? noteId : undefined}
                  onClick={() => {
                    if (!stream || !onJoin) return;
                    local.handOver(stream);
                    onJoin(stream, chosen);
                  }}
                >
                  {joinLabel}
                </Button>
                {joinUnavailable && (
                  <p id={noteId} className="text-sm text-muted">
                    {joinUnavailable}
                  </p>
                )}
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
