import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, ROLE_NAMES_AR, cx } from '@talaqa/ui';
import { signOut, useCurrentUser } from '../../lib/session';

/**
 * The signed-in admin's name and role at the bottom of the sidebar, and "sign out" behind a
 * confirmation. Signing out clears the stored user, the token and every cached answer.
 */
export function AccountPanel({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const [confirming, setConfirming] = useState(false);
  if (!user) return null;
  return (
    <div className={cx('flex flex-col gap-3 rounded-xl bg-white/10 p-3 text-white', className)}>
      <div className="flex flex-col">
        <span className="text-xs text-white/75">مسجّل الدخول باسم</span>
        <span className="font-bold break-words">{user.name}</span>
        <span className="text-sm text-white/85">{ROLE_NAMES_AR[user.role]}</span>
      </div>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="min-h-11 rounded-lg border border-white/40 px-3 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        تسجيل الخروج
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="تسجيل الخروج"
        description="هل تريد تسجيل الخروج من لوحة الإدارة؟ ستحتاج إلى إدخال بريدك وكلمة المرور من جديد."
        confirmLabel="تسجيل الخروج"
        variant="primary"
        onConfirm={() => {
          setConfirming(false);
          signOut(queryClient, 'user');
        }}
      />
    </div>
  );
}
