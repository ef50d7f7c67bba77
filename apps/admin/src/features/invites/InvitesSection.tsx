import { useEffect, useState } from 'react';
import { INVITE_STATES, pageCount } from '@talaqa/domain';
import type { Invite, InviteState } from '@talaqa/domain';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  ROLE_NAMES_AR,
  Select,
  SkeletonRows,
  Spinner,
  cx,
  useToast,
} from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';
import { DialogCancelButton } from '../../components/EditDialog';
import { PagedList } from '../../components/PagedList';
import { actionErrorText } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { usePageSize } from '../../lib/page-size';
import { InviteForm } from './InviteForm';
import { useCreateInvite, useInvites, useResendInvite, useRevokeInvite } from './queries';

export const INVITE_STATE_NAMES: Record<InviteState, string> = {
  pending: 'بانتظار التسجيل',
  accepted: 'مقبولة',
  expired: 'منتهية الصلاحية',
  revoked: 'ملغاة',
};

const STATE_TONES: Record<InviteState, BadgeTone> = {
  pending: 'warning',
  accepted: 'success',
  expired: 'neutral',
  revoked: 'danger',
};

/** Only an invite nobody used or revoked can be sent again or revoked. */
const isOpen = (invite: Invite) => invite.state === 'pending' || invite.state === 'expired';

function Email({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="break-all font-semibold text-ink">
      {value}
    </bdi>
  );
}

function InviteActions({
  invite,
  onResend,
  onRevoke,
}: {
  invite: Invite;
  onResend: (invite: Invite) => void;
  onRevoke: (invite: Invite) => void;
}) {
  if (!isOpen(invite)) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`إعادة إرسال الدعوة إلى ${invite.email}`}
        onClick={() => onResend(invite)}
      >
        إعادة الإرسال
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={`إلغاء الدعوة إلى ${invite.email}`}
        onClick={() => onRevoke(invite)}
      >
        إلغاء الدعوة
      </Button>
    </div>
  );
}

function InvitesList({
  invites,
  busy,
  onResend,
  onRevoke,
}: {
  invites: Invite[];
  busy: boolean;
  onResend: (invite: Invite) => void;
  onRevoke: (invite: Invite) => void;
}) {
  return (
    <div aria-busy={busy || undefined} className={cx('transition-opacity', busy && 'opacity-60')}>
      <table className="hidden w-full border-collapse overflow-hidden rounded-xl bg-white shadow-sm md:table">
        <caption className="sr-only">قائمة الدعوات</caption>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr>
            {['البريد الإلكتروني', 'الدور', 'الحالة', 'تنتهي في', 'الإجراءات'].map((header) => (
              <th key={header} scope="col" className="px-4 py-3 text-start font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => (
            <tr key={invite.id} className="border-t border-slate-100">
              <td className="px-4 py-3">
                <Email value={invite.email} />
              </td>
              <td className="px-4 py-3">{ROLE_NAMES_AR[invite.role]}</td>
              <td className="px-4 py-3">
                <Badge tone={STATE_TONES[invite.state]}>{INVITE_STATE_NAMES[invite.state]}</Badge>
              </td>
              <td className="px-4 py-3 text-sm">{formatDateTime(invite.expiresAt)}</td>
              <td className="px-4 py-3">
                <InviteActions invite={invite} onResend={onResend} onRevoke={onRevoke} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="قائمة الدعوات" className="flex flex-col gap-3 md:hidden">
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Email value={invite.email} />
              <Badge tone={STATE_TONES[invite.state]}>{INVITE_STATE_NAMES[invite.state]}</Badge>
            </div>
            <p className="text-sm">
              {ROLE_NAMES_AR[invite.role]}، تنتهي في {formatDateTime(invite.expiresAt)}
            </p>
            <InviteActions invite={invite} onResend={onResend} onRevoke={onRevoke} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The invites section of /users (docs/decisions/343-invites.md): invite a tutor manager, studio
 * or tutor by e-mail, see each invite's state, send one again or revoke it after confirming.
 */
export function InvitesSection() {
  const toast = useToast();
  const [state, setState] = useState<InviteState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize();
  const invites = useInvites({ page, size: pageSize, state });
  const create = useCreateInvite();
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const [creating, setCreating] = useState(false);
  const [resending, setResending] = useState<Invite | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const totalPages = invites.data ? pageCount(invites.data.total, pageSize) : 1;

  const settled = invites.isSuccess && !invites.isPlaceholderData;
  useEffect(() => {
    if (settled && page > totalPages) setPage(totalPages);
  }, [settled, page, totalPages]);

  const confirmResend = async (invite: Invite) => {
    try {
      await resend.mutateAsync({ id: invite.id, body: {} });
      toast.success(`أُرسلت الدعوة من جديد إلى ${invite.email}`);
    } catch (error) {
      toast.error(actionErrorText(error, 'تعذّر إعادة إرسال الدعوة، من فضلك حاول مرة أخرى'));
    } finally {
      setResending(null);
    }
  };

  const confirmRevoke = async (invite: Invite) => {
    try {
      await revoke.mutateAsync(invite.id);
      toast.success(`أُلغيت الدعوة إلى ${invite.email}`);
    } catch (error) {
      toast.error(actionErrorText(error, 'تعذّر إلغاء الدعوة، من فضلك حاول مرة أخرى'));
    } finally {
      setRevoking(null);
    }
  };

  return (
    <section aria-labelledby="invites-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="invites-title" className="text-xl font-bold text-ink">
            الدعوات
          </h2>
          <p className="text-sm text-muted">
            ادعُ مسؤول مقابلات أو استوديو أو معلمًا بالبريد ليسجّل بنفسه.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="حالة الدعوة"
            value={state ?? ''}
            onChange={(event) => {
              setState((event.target.value || undefined) as InviteState | undefined);
              setPage(1);
            }}
          >
            <option value="">كل الحالات</option>
            {INVITE_STATES.map((value) => (
              <option key={value} value={value}>
                {INVITE_STATE_NAMES[value]}
              </option>
            ))}
          </Select>
          {invites.isFetching && !invites.isPending && <Spinner size="sm" />}
          <Dialog
            title="دعوة شخص للتسجيل"
            open={creating}
            onOpenChange={setCreating}
            trigger={<Button>دعوة جديدة</Button>}
          >
            {creating && (
              <InviteForm
                onSave={(body) => create.mutateAsync(body)}
                onSaved={() => {
                  setCreating(false);
                  toast.success('أُرسلت الدعوة');
                }}
              >
                <DialogCancelButton />
              </InviteForm>
            )}
          </Dialog>
        </div>
      </div>

      <PagedList
        query={invites}
        skeleton={<SkeletonRows rows={3} rowClassName="h-8 w-full" />}
        announceLoading={false}
        empty={{
          title: state ? 'لا توجد دعوات بهذه الحالة' : 'لا توجد دعوات بعد',
          description: 'أرسل دعوة بزر «دعوة جديدة».',
        }}
        pagination={{
          label: 'صفحات الدعوات',
          page,
          totalPages,
          onPageChange: setPage,
          pageSize,
          setPageSize,
        }}
      >
        {(list, busy) => (
          <InvitesList invites={list} busy={busy} onResend={setResending} onRevoke={setRevoking} />
        )}
      </PagedList>

      <ConfirmDialog
        open={resending !== null}
        onOpenChange={(open) => {
          if (!open) setResending(null);
        }}
        title="إعادة إرسال الدعوة"
        description={
          resending
            ? `سيصل إلى ${resending.email} رابط جديد، ويتوقف الرابط السابق عن العمل.`
            : undefined
        }
        confirmLabel="إعادة الإرسال"
        variant="primary"
        loading={resend.isPending}
        onConfirm={() => {
          if (resending) void confirmResend(resending);
        }}
      />

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="إلغاء الدعوة"
        description={
          revoking
            ? `هل تريد إلغاء الدعوة إلى ${revoking.email}؟ لن يعمل رابطها بعد الآن، ولا يمكن التراجع عن ذلك.`
            : undefined
        }
        confirmLabel="إلغاء الدعوة"
        cancelLabel="تراجع"
        loading={revoke.isPending}
        onConfirm={() => {
          if (revoking) void confirmRevoke(revoking);
        }}
      />
    </section>
  );
}
