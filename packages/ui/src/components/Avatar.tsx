import { cx } from '../cx';

const SIZES = {
  sm: 'size-8 text-sm',
  md: 'size-12 text-lg',
  card: 'size-20 text-2xl',
  lg: 'size-24 text-3xl',
} as const;

/** Each size's side in CSS pixels: the image's width and height, so nothing shifts as it loads. */
const PIXELS: Record<keyof typeof SIZES, number> = { sm: 32, md: 48, card: 80, lg: 96 };

export interface AvatarProps {
  /** The person's name: the image's text alternative, and the initials when there is no image. */
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  /** `lazy` for pictures in long lists, below the fold. */
  loading?: 'eager' | 'lazy';
  className?: string;
}

/** The first letter of the first two words of a name ("أحمد علي" -> "أ ع"). */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0])
    .join(' ');
}

/** A round picture of a person, or their initials on the brand colour when there is none. */
export function Avatar({ name, src, size = 'md', loading, className }: AvatarProps) {
  const classes = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    SIZES[size],
    className,
  );
  if (src) {
    return (
      <img
        src={src}
        alt={name}
        width={PIXELS[size]}
        height={PIXELS[size]}
        loading={loading}
        decoding="async"
        className={cx(classes, 'object-cover')}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={cx(classes, 'bg-brand-100 font-bold text-brand-800')}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
