import { Badge, ROLE_NAMES_AR } from '@talaqa/ui';
import type { User } from '@talaqa/domain';

export function RoleBadge({ role }: { role: User['role'] }) {
  return <Badge tone="brand">{ROLE_NAMES_AR[role]}</Badge>;
}

/** Whether the e-mail and the phone are verified, in words (not by colour alone). */
export function VerificationBadges({
  user,
  stacked = false,
}: {
  user: Pick<User, 'verifiedEmail' | 'verifiedPhone'>;
  /** One badge under the other (a table cell). */
  stacked?: boolean;
}) {
  return (
    <span className={stacked ? 'flex flex-col items-start gap-1' : 'flex flex-wrap gap-1.5'}>
      <Badge tone={user.verifiedEmail ? 'success' : 'neutral'}>
        {user.verifiedEmail ? 'البريد مؤكَّد' : 'البريد غير مؤكَّد'}
      </Badge>
      <Badge tone={user.verifiedPhone ? 'success' : 'neutral'}>
        {user.verifiedPhone ? 'الهاتف مؤكَّد' : 'الهاتف غير مؤكَّد'}
      </Badge>
    </span>
  );
}

/**
 * An e-mail address, left to right inside the Arabic text, that may wrap after the "@" (never in
 * the middle of a word unless it has to). Inline: wrap it in a block for a line of its own.
 */
export function Email({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  return (
    <bdi dir="ltr" className="break-words">
      {at > 0 ? (
        <>
          {value.slice(0, at)}
          <wbr />
          {value.slice(at)}
        </>
      ) : (
        value
      )}
    </bdi>
  );
}
