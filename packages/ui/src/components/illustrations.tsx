import type { ReactNode } from 'react';

/**
 * Small flat drawings made for Talaqa's empty states (docs/decisions/307-look.md). Each is its
 * own export so an app's bundle carries only the ones its routes draw, and each has a fixed
 * width and height so nothing shifts when it appears. They only decorate: the empty state's title
 * says the same in words, so they are hidden from assistive technology.
 */

/** theme.css colours, as plain values: SVG presentation attributes do not read CSS variables everywhere. */
export const ART_COLORS = {
  brand50: '#effcf9',
  brand100: '#c9f5ec',
  brand300: '#57d5c3',
  brand600: '#0d7d74',
  brand800: '#11504c',
  accent100: '#fdf0d5',
  accent300: '#f7c96a',
  accent500: '#e99a17',
  ink: '#1b2433',
  line: '#cbd5e1',
  paper: '#ffffff',
} as const;
const C = ART_COLORS;

export interface IllustrationProps {
  className?: string;
}

function EmptyArt({ className, children }: IllustrationProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 160 120"
      width="160"
      height="120"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-illustration=""
    >
      <ellipse cx="80" cy="104" rx="62" ry="9" fill={C.brand50} />
      <circle cx="80" cy="58" r="46" fill={C.brand100} />
      {children}
    </svg>
  );
}

/** A calendar page with a clock: no lessons booked yet. */
export function NoLessonsIllustration({ className }: IllustrationProps) {
  return (
    <EmptyArt className={className}>
      <rect
        x="40"
        y="28"
        width="72"
        height="66"
        rx="8"
        fill={C.paper}
        stroke={C.brand800}
        strokeWidth="3"
      />
      <path d="M40 36a8 8 0 0 1 8-8h56a8 8 0 0 1 8 8v10H40z" fill={C.brand600} />
      <path d="M56 22v12M96 22v12" stroke={C.brand800} strokeWidth="4" strokeLinecap="round" />
      <g fill={C.line}>
        <rect x="50" y="54" width="10" height="8" rx="2" />
        <rect x="66" y="54" width="10" height="8" rx="2" />
        <rect x="82" y="54" width="10" height="8" rx="2" />
        <rect x="50" y="70" width="10" height="8" rx="2" />
        <rect x="66" y="70" width="10" height="8" rx="2" />
      </g>
      <circle cx="112" cy="84" r="18" fill={C.accent300} stroke={C.brand800} strokeWidth="3" />
      <path
        d="M112 74v10l7 5"
        fill="none"
        stroke={C.brand800}
        strokeWidth="3"
        strokeLinecap="round"
      />
    </EmptyArt>
  );
}

/** Two quiet speech bubbles: no conversations yet. */
export function NoChatsIllustration({ className }: IllustrationProps) {
  return (
    <EmptyArt className={className}>
      <path
        d="M30 30h64a10 10 0 0 1 10 10v26a10 10 0 0 1-10 10H54l-14 12v-12h-10a10 10 0 0 1-10-10V40a10 10 0 0 1 10-10z"
        fill={C.paper}
        stroke={C.brand800}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M36 46h50M36 58h34" stroke={C.line} strokeWidth="5" strokeLinecap="round" />
      <path
        d="M130 52H86a10 10 0 0 0-10 10v18a10 10 0 0 0 10 10h28l12 10V90h4a10 10 0 0 0 10-10V62a10 10 0 0 0-10-10z"
        fill={C.brand600}
        stroke={C.brand800}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <g fill={C.paper}>
        <circle cx="96" cy="71" r="4" />
        <circle cx="108" cy="71" r="4" />
        <circle cx="120" cy="71" r="4" />
      </g>
    </EmptyArt>
  );
}

/** A card and a coin beside an empty receipt: no payments yet. */
export function NoPaymentsIllustration({ className }: IllustrationProps) {
  return (
    <EmptyArt className={className}>
      <path
        d="M84 20h44v74l-7-5-7 5-8-5-7 5-7-5-8 5z"
        fill={C.paper}
        stroke={C.brand800}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M94 36h24M94 48h24M94 60h14" stroke={C.line} strokeWidth="4" strokeLinecap="round" />
      <rect
        x="24"
        y="48"
        width="70"
        height="44"
        rx="7"
        fill={C.brand600}
        stroke={C.brand800}
        strokeWidth="3"
      />
      <rect x="24" y="57" width="70" height="9" fill={C.brand800} />
      <rect x="32" y="74" width="22" height="8" rx="2" fill={C.accent300} />
      <circle cx="48" cy="34" r="13" fill={C.accent300} stroke={C.accent500} strokeWidth="3" />
      <path d="M48 27v14" stroke={C.accent500} strokeWidth="3" strokeLinecap="round" />
    </EmptyArt>
  );
}

/** A magnifying glass over an empty page: nothing matched the search. */
export function NoResultsIllustration({ className }: IllustrationProps) {
  return (
    <EmptyArt className={className}>
      <rect
        x="34"
        y="24"
        width="60"
        height="74"
        rx="8"
        fill={C.paper}
        stroke={C.brand800}
        strokeWidth="3"
      />
      <path d="M46 42h36M46 54h28M46 66h32" stroke={C.line} strokeWidth="5" strokeLinecap="round" />
      <circle cx="102" cy="64" r="22" fill={C.brand50} stroke={C.brand800} strokeWidth="5" />
      <path d="M118 80l16 16" stroke={C.brand800} strokeWidth="8" strokeLinecap="round" />
      <path
        d="M95 57l14 14M109 57 95 71"
        stroke={C.accent500}
        strokeWidth="4"
        strokeLinecap="round"
      />
    </EmptyArt>
  );
}

/** A signpost on a dashed path that leads nowhere: the page or item was not found. */
export function NotFoundIllustration({ className }: IllustrationProps) {
  return (
    <EmptyArt className={className}>
      <path
        d="M24 100c20-14 40 6 60-6s34-10 52 2"
        fill="none"
        stroke={C.brand300}
        strokeWidth="4"
        strokeLinecap="round"
        strokeDasharray="2 9"
      />
      <path d="M80 30v70" stroke={C.brand800} strokeWidth="5" strokeLinecap="round" />
      <path
        d="M80 30h38l10 10-10 10H80z"
        fill={C.brand600}
        stroke={C.brand800}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M80 56H44l-10 9 10 9h36z"
        fill={C.accent300}
        stroke={C.brand800}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="100" cy="40" r="3" fill={C.paper} />
      <circle cx="58" cy="65" r="3" fill={C.brand800} />
    </EmptyArt>
  );
}
