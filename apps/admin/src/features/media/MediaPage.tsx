import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ASSET_FOLDERS,
  ASSET_FOLDER_LABELS,
  FILE_KINDS,
  FILE_KIND_LABELS,
  pageCount,
} from '@talaqa/domain';
import type { AssetFolder, FileKind, FolderTotal, StoredFile } from '@talaqa/domain';
import {
  Button,
  ConfirmDialog,
  Input,
  PageTitle,
  Select,
  Skeleton,
  countedText,
  useToast,
} from '@talaqa/ui';
import type { CountedNoun } from '@talaqa/ui';
import { DeleteDialog } from '../../components/DeleteDialog';
import { PagedList } from '../../components/PagedList';
import { actionErrorText } from '../../lib/forms';
import { formatBytes } from '../../lib/format';
import { usePageSize } from '../../lib/page-size';
import { StoredFilesTable } from './StoredFilesTable';
import { useDeleteStoredFile, useDeleteUnusedFiles, useStoredFiles } from './queries';

const FILES: CountedNoun = {
  zero: 'لا ملفات',
  one: 'ملف واحد',
  two: 'ملفان',
  few: 'ملفات',
  many: 'ملفًا',
  other: 'ملف',
};

const STATES = { used: 'المستخدمة', unused: 'غير المستخدمة' } as const;
type State = keyof typeof STATES;

/** The ages the bulk deletion offers, in hours: never under one (an upload may be in flight). */
const AGES = [
  { hours: 1, label: 'أقدم من ساعة' },
  { hours: 24, label: 'أقدم من يوم' },
  { hours: 24 * 7, label: 'أقدم من أسبوع' },
  { hours: 24 * 30, label: 'أقدم من شهر' },
] as const;

interface Filters {
  page: number;
  folder?: AssetFolder;
  state?: State;
  kind?: FileKind;
  /** The owner's id as typed (digits only). */
  owner: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

function readFilters(params: URLSearchParams): Filters {
  const page = Number(params.get('page'));
  const owner = params.get('owner') ?? '';
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    folder: oneOf(ASSET_FOLDERS, params.get('folder')),
    state: oneOf(Object.keys(STATES) as State[], params.get('state')),
    kind: oneOf(FILE_KINDS, params.get('kind')),
    owner: /^\d{1,9}$/.test(owner) ? owner : '',
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.folder) params.set('folder', filters.folder);
  if (filters.state) params.set('state', filters.state);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.owner) params.set('owner', filters.owner);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

function FolderTotals({ totals }: { totals: FolderTotal[] }) {
  return (
    <ul aria-label="إجمالي كل مجلد" className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
      {totals.map((total) => (
        <li
          key={total.folder}
          className="flex flex-col gap-1 rounded-xl bg-white p-3 shadow-sm sm:p-4"
        >
          <h2 className="text-sm font-bold text-ink sm:text-base">
            {ASSET_FOLDER_LABELS[total.folder]}
          </h2>
          <p className="text-xs sm:text-sm">
            {countedText(total.count, FILES)}
            {total.count > 0 && ` · ${formatBytes(total.bytes)}`}
          </p>
          <p className="text-xs text-muted sm:text-sm">
            غير المستخدم: {countedText(total.unusedCount, FILES)}
            {total.unusedCount > 0 && ` · ${formatBytes(total.unusedBytes)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function TotalsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
      {ASSET_FOLDERS.map((folder) => (
        <Skeleton key={folder} className="h-24 w-full rounded-xl" />
      ))}
    </div>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((item) => (
        <li key={item} className="flex gap-3 rounded-xl bg-white p-4">
          <Skeleton className="size-16" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Delete unused files": the age, the folder (the filter's, else all), the count, then ask. */
function DeleteUnused({
  folder,
  totals,
}: {
  folder: AssetFolder | undefined;
  totals: FolderTotal[] | undefined;
}) {
  const toast = useToast();
  const remove = useDeleteUnusedFiles();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState<number>(AGES[1].hours);
  const counted = (totals ?? []).filter((total) => !folder || total.folder === folder);
  const unused = counted.reduce((sum, total) => sum + total.unusedCount, 0);
  const unusedBytes = counted.reduce((sum, total) => sum + total.unusedBytes, 0);
  const where = folder ? `في «${ASSET_FOLDER_LABELS[folder]}»` : 'في كل المجلدات';
  const age = AGES.find((choice) => choice.hours === hours)?.label ?? '';

  const confirm = () =>
    remove.mutate(
      { olderThanHours: hours, ...(folder ? { folder } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.deleted === 0
              ? `لا توجد ملفات غير مستخدمة ${age} ${where}`
              : `حُذف ${countedText(answer.deleted, FILES)} (${formatBytes(answer.bytes)})`,
          );
          setOpen(false);
        },
        onError: (error) => {
          toast.error(actionErrorText(error, 'تعذّر حذف الملفات غير المستخدمة'));
          setOpen(false);
        },
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="حذف الملفات غير المستخدمة؟"
      description={`يُحذف نهائيًا كل ملف لا يستخدمه أي حساب أو طلب ${where}، ${age}. لا يمكن التراجع.`}
      confirmLabel="حذف غير المستخدم"
      loading={remove.isPending}
      onConfirm={confirm}
      trigger={
        <Button variant="danger" className="shrink-0" disabled={!totals || unused === 0}>
          حذف الملفات غير المستخدمة
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <p aria-live="polite">
          غير المستخدم الآن {where}: {countedText(unused, FILES)}
          {unused > 0 && ` (${formatBytes(unusedBytes)})`}. ما رُفع خلال الساعة الأخيرة لا يُحذف أبدًا،
          فقد يكون رفعه ما زال جاريًا.
        </p>
        <Select
          label="احذف الملفات غير المستخدمة"
          value={String(hours)}
          onChange={(event) => setHours(Number(event.target.value))}
        >
          {AGES.map((choice) => (
            <option key={choice.hours} value={choice.hours}>
              {choice.label}
            </option>
          ))}
        </Select>
      </div>
    </ConfirmDialog>
  );
}

/**
 * `/media` (the spec's route constant; issue 23 item 5, docs/decisions/347-stored-files.md):
 * every stored file (images, videos, receipts, problem reports) with its size, its use and its
 * owner, the totals of each folder, and the deletion of files nothing uses.
 */
export default function MediaPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const remove = useDeleteStoredFile();

  const update = useCallback(
    (changes: Partial<Filters>, replace = false) =>
      setSearchParams((current) => writeFilters({ ...readFilters(current), page: 1, ...changes }), {
        replace,
      }),
    [setSearchParams],
  );

  const list = useStoredFiles({
    page: filters.page,
    size: pageSize,
    folder: filters.folder,
    state: filters.state,
    kind: filters.kind,
    ownerId: filters.owner ? Number(filters.owner) : undefined,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);
  const filtered = Boolean(filters.folder || filters.state || filters.kind || filters.owner);

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="الملفات المرفوعة">
        <p>
          الصور والفيديوهات والإيصالات المخزنة، ومن يستخدم كل ملف ولأي غرض. الملف غير المستخدم يمكن
          حذفه.
        </p>
      </PageTitle>

      {list.data ? (
        <FolderTotals totals={list.data.folders} />
      ) : (
        list.isPending && <TotalsSkeleton />
      )}

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div
          role="search"
          aria-label="تصفية الملفات"
          className="grid grid-cols-2 gap-3 lg:grid-cols-4"
        >
          <Select
            label="المجلد"
            value={filters.folder ?? ''}
            onChange={(event) => update({ folder: oneOf(ASSET_FOLDERS, event.target.value) })}
          >
            <option value="">كل المجلدات</option>
            {ASSET_FOLDERS.map((folder) => (
              <option key={folder} value={folder}>
                {ASSET_FOLDER_LABELS[folder]}
              </option>
            ))}
          </Select>
          <Select
            label="الاستخدام"
            value={filters.state ?? ''}
            onChange={(event) =>
              update({ state: oneOf(Object.keys(STATES) as State[], event.target.value) })
            }
          >
            <option value="">كل الملفات</option>
            {(Object.keys(STATES) as State[]).map((state) => (
              <option key={state} value={state}>
                {STATES[state]}
              </option>
            ))}
          </Select>
          <Select
            label="النوع"
            value={filters.kind ?? ''}
            onChange={(event) => update({ kind: oneOf(FILE_KINDS, event.target.value) })}
          >
            <option value="">كل الأنواع</option>
            {FILE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {FILE_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
          <Input
            label="رقم المالك"
            inputMode="numeric"
            dir="ltr"
            value={filters.owner}
            hint="رقم حساب المستخدم"
            onChange={(event) => {
              const owner = event.target.value.trim();
              if (/^\d{0,9}$/.test(owner)) update({ owner }, true);
            }}
          />
        </div>
        <DeleteUnused folder={filters.folder} totals={list.data?.folders} />
      </div>

      <PagedList
        query={list}
        countLabel="عدد الملفات"
        skeleton={<ListSkeleton />}
        noMatches={
          filtered
            ? {
                title: 'لا توجد ملفات تطابق التصفية',
                description: 'غيّر المجلد أو الاستخدام أو النوع أو رقم المالك.',
                onClear: () => setSearchParams(new URLSearchParams()),
                clearLabel: 'إظهار كل الملفات',
              }
            : undefined
        }
        empty={{
          title: 'لا توجد ملفات مخزنة',
          description: 'تظهر هنا الصور والفيديوهات والإيصالات عند رفعها.',
        }}
        pagination={{
          label: 'صفحات الملفات',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(files, busy) => <StoredFilesTable files={files} onDelete={setDeleting} busy={busy} />}
      </PagedList>

      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="حذف هذا الملف نهائيًا؟"
        description={(file) =>
          `${FILE_KIND_LABELS[file.kind]} في «${ASSET_FOLDER_LABELS[file.folder]}» حجمه ${formatBytes(file.bytes)}، لا يستخدمه أحد. لا يمكن التراجع عن الحذف.`
        }
        onDelete={async (file) => {
          await remove.mutateAsync({ folder: file.folder, name: file.name });
          return 'حُذف الملف';
        }}
        failedText="تعذّر حذف الملف، من فضلك حاول مرة أخرى"
        loading={remove.isPending}
      />
    </section>
  );
}
