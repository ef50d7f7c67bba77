// The room's control icons: decorative (each button carries its own label), drawn on a 24 px grid
// with the current text colour.
import type { ReactNode } from 'react';

function Icon({ children, className = 'size-6' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

const Slash = () => <path d="M3 3l18 18" />;

export function MicIcon({ off = false, className }: { off?: boolean; className?: string }) {
  return (
    <Icon className={className}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      {off && <Slash />}
    </Icon>
  );
}

export function CameraIcon({ off = false }: { off?: boolean }) {
  return (
    <Icon>
      <rect x="3" y="6" width="12" height="12" rx="2" />
      <path d="M15 10l6-3v10l-6-3" />
      {off && <Slash />}
    </Icon>
  );
}

export function ScreenIcon() {
  return (
    <Icon>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4M12 13V7M9 10l3-3 3 3" />
    </Icon>
  );
}

export function ChatIcon() {
  return (
    <Icon>
      <path d="M4 5h16v11H9l-5 4z" />
    </Icon>
  );
}

export function DataSaverIcon() {
  return (
    <Icon>
      <path d="M12 3v12M7 10l5 5 5-5M5 20h14" />
    </Icon>
  );
}

export function LeaveIcon() {
  return (
    <Icon>
      <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
    </Icon>
  );
}

export function SignalIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M4 20v-3M9 20v-7M14 20v-11M19 20V5" />
    </Icon>
  );
}
