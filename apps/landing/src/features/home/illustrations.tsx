import type { ReactNode } from 'react';
import { ART_COLORS as C } from '@talaqa/ui';

/**
 * The home page's drawings, made for Talaqa in the brand colours (docs/decisions/307-look.md):
 * plain shapes, no raster, a fixed box each so the page does not shift while it loads.
 */

const SKIN = '#e8b48a';
const SKIN_DARK = '#b97a52';
const HAIR = '#2b1d16';

/** A student at a laptop talking with a tutor on screen, speech bubbles in Arabic and English. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 380"
      width="480"
      height="380"
      role="img"
      aria-labelledby="hero-art-title"
      className={className}
    >
      <title id="hero-art-title">طالبة أمام حاسوبها تتحدث بالإنجليزية مع معلمها عبر الفيديو</title>
      <circle cx="250" cy="200" r="160" fill={C.brand100} />
      <circle cx="402" cy="84" r="26" fill={C.accent300} />
      {/* The desk */}
      <rect x="40" y="318" width="420" height="14" rx="7" fill={C.brand800} />
      {/* The laptop, its screen showing the tutor */}
      <path d="M196 310h236l-14-16H210z" fill={C.ink} />
      <rect x="212" y="150" width="204" height="146" rx="12" fill={C.ink} />
      <rect x="222" y="160" width="184" height="124" rx="6" fill={C.brand50} />
      <path d="M266 284c0-36 22-52 48-52s48 16 48 52z" fill={C.brand600} />
      <path d="M304 228h20v12a10 10 0 0 1-20 0z" fill={SKIN_DARK} />
      <circle cx="314" cy="206" r="24" fill={SKIN_DARK} />
      <path
        d="M290 204c0-18 11-28 25-28s24 9 24 24c-10-2-22-8-28-16-4 9-12 16-21 20z"
        fill={HAIR}
      />
      <circle cx="305" cy="208" r="2.5" fill={HAIR} />
      <circle cx="323" cy="208" r="2.5" fill={HAIR} />
      <path
        d="M306 218q8 7 16 0"
        fill="none"
        stroke={HAIR}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="392" cy="172" r="4" fill="#ef4444" />
      {/* The student, seen from the side, facing the screen */}
      <path d="M70 318c0-62 26-98 72-98s60 40 62 98z" fill={C.accent500} />
      <path
        d="M156 262c22 4 42 18 60 40"
        fill="none"
        stroke={C.accent500}
        strokeWidth="20"
        strokeLinecap="round"
      />
      <circle cx="216" cy="302" r="9" fill={SKIN} />
      <path d="M128 204h24v22a12 12 0 0 1-24 0z" fill={SKIN} />
      <circle cx="142" cy="176" r="32" fill={SKIN} />
      <path
        d="M106 180c-4-30 14-48 38-48 20 0 34 12 34 30-16 0-30-6-40-16-2 14-14 26-32 34z"
        fill={HAIR}
      />
      <path d="M108 176c-8 30-4 56 6 70 8-12 10-40 8-62z" fill={HAIR} />
      <circle cx="162" cy="178" r="3" fill={HAIR} />
      <path
        d="M160 196q6 3 11-1"
        fill="none"
        stroke={HAIR}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      {/* The tutor's bubble, in English */}
      <path
        d="M286 44h118a14 14 0 0 1 14 14v38a14 14 0 0 1-14 14h-68l-18 18v-18h-32a14 14 0 0 1-14-14V58a14 14 0 0 1 14-14z"
        fill={C.brand600}
      />
      <text
        x="345"
        y="86"
        textAnchor="middle"
        fontSize="26"
        fontWeight="700"
        fill={C.paper}
        direction="ltr"
      >
        Hello!
      </text>
      {/* The student's bubble, in Arabic */}
      <path
        d="M84 66h112a14 14 0 0 1 14 14v34a14 14 0 0 1-14 14h-66l-18 16v-16H84a14 14 0 0 1-14-14V80a14 14 0 0 1 14-14z"
        fill={C.paper}
        stroke={C.brand800}
        strokeWidth="3"
      />
      <text
        x="140"
        y="106"
        textAnchor="middle"
        fontSize="24"
        fontWeight="700"
        fill={C.brand800}
        direction="rtl"
      >
        أهلًا!
      </text>
      {/* Letters of both alphabets, floating between them */}
      <g fontWeight="700" textAnchor="middle">
        <circle cx="240" cy="92" r="18" fill={C.accent100} />
        <text x="240" y="100" fontSize="22" fill={C.accent500} direction="ltr">
          A
        </text>
        <circle cx="262" cy="132" r="14" fill={C.paper} />
        <text x="262" y="139" fontSize="18" fill={C.brand600} direction="rtl">
          ب
        </text>
        <circle cx="36" cy="226" r="16" fill={C.paper} />
        <text x="36" y="233" fontSize="18" fill={C.brand600} direction="ltr">
          b
        </text>
        <circle cx="446" cy="236" r="16" fill={C.accent100} />
        <text x="446" y="244" fontSize="20" fill={C.accent500} direction="rtl">
          أ
        </text>
      </g>
    </svg>
  );
}

function StepArt({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 120 96"
      width="120"
      height="96"
      aria-hidden="true"
      focusable="false"
      className="h-20 w-auto self-start"
    >
      <rect x="4" y="6" width="112" height="84" rx="20" fill={C.brand50} />
      {children}
    </svg>
  );
}

/** Step 1: tutor cards side by side, one chosen with a star. */
export function ChooseTutorArt() {
  return (
    <StepArt>
      <rect
        x="16"
        y="24"
        width="40"
        height="54"
        rx="7"
        fill={C.paper}
        stroke={C.line}
        strokeWidth="2"
      />
      <circle cx="36" cy="42" r="9" fill={C.brand300} />
      <path d="M24 66h24" stroke={C.line} strokeWidth="4" strokeLinecap="round" />
      <rect
        x="62"
        y="18"
        width="44"
        height="62"
        rx="8"
        fill={C.paper}
        stroke={C.brand600}
        strokeWidth="3"
      />
      <circle cx="84" cy="40" r="11" fill={SKIN_DARK} />
      <path d="M73 38c0-9 5-13 11-13s11 4 11 11c-6-1-11-3-13-7-2 5-5 8-9 9z" fill={HAIR} />
      <path d="M72 64h24" stroke={C.brand600} strokeWidth="4" strokeLinecap="round" />
      <path
        d="m98 10 3.5 7 7.5 1-5.5 5.4 1.3 7.6-6.8-3.6-6.8 3.6 1.3-7.6L87 18l7.5-1z"
        fill={C.accent300}
        stroke={C.accent500}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </StepArt>
  );
}

/** Step 2: a plan's card with weekly minutes and a check. */
export function ChoosePlanArt() {
  return (
    <StepArt>
      <rect
        x="22"
        y="18"
        width="60"
        height="64"
        rx="8"
        fill={C.paper}
        stroke={C.brand800}
        strokeWidth="3"
      />
      <rect x="22" y="18" width="60" height="16" rx="8" fill={C.brand600} />
      <rect x="22" y="28" width="60" height="6" fill={C.brand600} />
      <path d="M32 48h40M32 60h28" stroke={C.line} strokeWidth="5" strokeLinecap="round" />
      <circle cx="86" cy="66" r="16" fill={C.accent300} stroke={C.brand800} strokeWidth="3" />
      <path
        d="m79 66 5 5 9-10"
        fill="none"
        stroke={C.brand800}
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </StepArt>
  );
}

/** Step 3: a video call on a screen with a calendar tick beside it. */
export function StartLessonArt() {
  return (
    <StepArt>
      <rect x="14" y="20" width="70" height="50" rx="7" fill={C.ink} />
      <rect x="19" y="25" width="60" height="40" rx="4" fill={C.brand100} />
      <path d="M34 65c0-12 7-18 15-18s15 6 15 18z" fill={C.brand600} />
      <circle cx="49" cy="40" r="9" fill={SKIN} />
      <path d="M40 39c0-7 4-11 9-11s9 3 9 9c-5 0-9-2-11-5-1 4-4 6-7 7z" fill={HAIR} />
      <path d="M40 78h18" stroke={C.ink} strokeWidth="5" strokeLinecap="round" />
      <rect
        x="78"
        y="42"
        width="30"
        height="30"
        rx="6"
        fill={C.paper}
        stroke={C.brand800}
        strokeWidth="3"
      />
      <path d="M78 50h30" stroke={C.brand800} strokeWidth="3" />
      <path
        d="m86 61 4 4 8-8"
        fill="none"
        stroke={C.accent500}
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </StepArt>
  );
}

export const STEP_ART = [ChooseTutorArt, ChoosePlanArt, StartLessonArt] as const;
