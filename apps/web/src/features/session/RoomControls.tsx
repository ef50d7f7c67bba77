import { useState } from 'react';
import type { ReactNode, Ref } from 'react';
import { ConfirmDialog, SegmentedControl, cx, formatNumber, useToast } from '@talaqa/ui';
import type { CallHandle, DataSaverMode } from './call/types';
import { DATA_SAVER_HINTS, DATA_SAVER_LABELS } from './room-text';
import { CameraIcon, ChatIcon, DataSaverIcon, LeaveIcon, MicIcon, ScreenIcon } from './RoomIcons';
import { RoomPopover } from './RoomPopover';

/** Screen sharing needs getDisplayMedia, which phones' browsers do not have. */
export const canShareScreen = (): boolean =>
  typeof navigator.mediaDevices?.getDisplayMedia === 'function';

const controlClasses = (tone: 'plain' | 'active' | 'off' | 'danger') =>
  cx(
    // On a phone the buttons share the width equally; from sm each takes what its label needs.
    'relative flex min-h-14 min-w-0 flex-1 basis-0 flex-col items-center justify-center gap-0.5 rounded-xl px-1 py-1 text-[0.6875rem] leading-tight font-semibold transition-colors sm:min-w-16 sm:flex-none sm:basis-auto sm:px-3 sm:text-xs',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
    tone === 'plain' && 'bg-white/10 text-white hover:bg-white/20',
    tone === 'active' && 'bg-brand-600 text-white hover:bg-brand-700',
    tone === 'off' && 'bg-red-600 text-white hover:bg-red-700',
    tone === 'danger' && 'bg-red-700 text-white hover:bg-red-800',
  );

function ToggleButton({
  label,
  pressed,
  tone,
  onClick,
  icon,
  badge,
  ref,
}: {
  label: string;
  pressed: boolean;
  tone: 'plain' | 'active' | 'off';
  onClick: () => void;
  icon: ReactNode;
  badge?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={controlClasses(tone)}
    >
      {icon}
      <span>{label}</span>
      {badge}
    </button>
  );
}

const DATA_SAVER_OPTIONS = (['off', 'video', 'audio'] as const).map((value) => ({
  value,
  label: DATA_SAVER_LABELS[value],
}));

export interface RoomControlsProps {
  call: CallHandle;
  /** Null when the lesson has no chat for this person (no chat button). */
  chat: {
    open: boolean;
    unread: number;
    onToggle: () => void;
    ref: Ref<HTMLButtonElement>;
  } | null;
  /** The session's word in "leave the ...?" (an interview's room is no lesson). */
  word?: string;
}

/**
 * The call's controls: microphone, camera, screen sharing (where the browser can), data saver,
 * chat and leave. Toggles say their state with aria-pressed; leaving asks first.
 */
export function RoomControls({ call, chat, word = 'الدرس' }: RoomControlsProps) {
  const toast = useToast();
  const [confirmingLeave, setConfirmingLeave] = useState(false);

  function toggleScreen() {
    if (call.sharingScreen) {
      call.stopScreenShare();
      return;
    }
    call.startScreenShare().catch((error: unknown) => {
      // Closing the browser's picker is a choice, not a failure.
      const name = error instanceof Error ? error.name : '';
      if (name !== 'NotAllowedError' && name !== 'AbortError') {
        toast.error('تعذّرت مشاركة الشاشة، حاول مرة أخرى.');
      }
    });
  }

  return (
    <div
      role="toolbar"
      aria-label="أدوات المكالمة"
      className="flex items-stretch justify-center gap-1.5 bg-slate-950 px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:gap-2"
    >
      <ToggleButton
        label="الميكروفون"
        pressed={call.micOn}
        tone={call.micOn ? 'plain' : 'off'}
        onClick={() => call.toggleMic()}
        icon={<MicIcon off={!call.micOn} />}
      />
      <ToggleButton
        label="الكاميرا"
        pressed={call.cameraOn}
        tone={call.cameraOn ? 'plain' : 'off'}
        onClick={() => call.toggleCamera()}
        icon={<CameraIcon off={!call.cameraOn} />}
      />
      {canShareScreen() && (
        <ToggleButton
          label="مشاركة الشاشة"
          pressed={call.sharingScreen}
          tone={call.sharingScreen ? 'active' : 'plain'}
          onClick={toggleScreen}
          icon={<ScreenIcon />}
        />
      )}
      <RoomPopover
        label="توفير البيانات"
        className="flex min-w-0 flex-1 basis-0 sm:flex-none sm:basis-auto"
        buttonClassName={cx(
          controlClasses(call.dataSaver === 'off' ? 'plain' : 'active'),
          'w-full',
        )}
        panelClassName="fixed inset-x-2 bottom-24 md:absolute md:inset-x-auto md:bottom-full md:end-0 md:mb-2 md:w-96"
        button={() => (
          <>
            <DataSaverIcon />
            <span>توفير البيانات</span>
            <span className="sr-only">، {DATA_SAVER_LABELS[call.dataSaver]}</span>
          </>
        )}
      >
        <SegmentedControl<DataSaverMode>
          legend="توفير البيانات"
          options={DATA_SAVER_OPTIONS}
          value={call.dataSaver}
          onChange={(mode) => call.setDataSaver(mode)}
        />
        <p className="mt-2 text-sm text-muted">{DATA_SAVER_HINTS[call.dataSaver]}</p>
      </RoomPopover>
      {chat && (
        <ToggleButton
          ref={chat.ref}
          label="المحادثة"
          pressed={chat.open}
          tone={chat.open ? 'active' : 'plain'}
          onClick={chat.onToggle}
          icon={<ChatIcon />}
          badge={
            chat.unread > 0 && (
              <span className="absolute -top-1 end-1 min-w-5 rounded-full bg-amber-400 px-1 text-xs font-bold text-ink">
                {formatNumber(chat.unread)}
                <span className="sr-only"> رسائل غير مقروءة</span>
              </span>
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirmingLeave}
        onOpenChange={setConfirmingLeave}
        title={`مغادرة ${word}؟`}
        description="ستخرج من المكالمة وتتوقف الكاميرا والميكروفون. يمكنك العودة ما دامت الغرفة مفتوحة."
        confirmLabel="مغادرة"
        cancelLabel={`البقاء في ${word}`}
        onConfirm={() => {
          setConfirmingLeave(false);
          call.leave();
        }}
        trigger={
          <button type="button" className={controlClasses('danger')}>
            <LeaveIcon />
            <span>مغادرة</span>
          </button>
        }
      />
    </div>
  );
}
