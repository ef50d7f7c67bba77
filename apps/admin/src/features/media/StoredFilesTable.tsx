import { Link } from 'react-router';
import { ASSET_FOLDER_LABELS, FILE_KIND_LABELS, FILE_USE_LABELS } from '@talaqa/domain';
import type { StoredFile } from '@talaqa/domain';
import { Badge, Button } from '@talaqa/ui';
import { formatBytes, formatDateTime } from '../../lib/format';
import { TableOrCards } from '../../components/TableOrCards';
import { userPath } from '../../paths';
import { FileThumbnail, FileViewer } from './FilePreview';

const linkClass =
  'rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

function Uses({ file }: { file: StoredFile }) {
  if (file.uses.length === 0) return <Badge tone="warning">غير مستخدم</Badge>;
  return (
    <ul className="flex flex-wrap gap-1">
      {file.uses.map((use) => (
        <li key={use.use}>
          <Badge tone="success">{FILE_USE_LABELS[use.use]}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Owner({ file }: { file: StoredFile }) {
  if (!file.owner) return <span className="text-muted">—</span>;
  return (
    <Link to={userPath(file.owner.id)} className={linkClass}>
      {file.owner.name}
    </Link>
  );
}

function Name({ file }: { file: StoredFile }) {
  return (
    <span className="flex min-w-0 flex-col">
      <bdi dir="ltr" className="font-mono text-xs break-all text-ink">
        {file.name}
      </bdi>
      <span className="text-xs text-muted">
        {ASSET_FOLDER_LABELS[file.folder]} · {FILE_KIND_LABELS[file.kind]}
      </span>
    </span>
  );
}

function Actions({ file, onDelete }: { file: StoredFile; onDelete: (file: StoredFile) => void }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <FileViewer file={file} />
      {file.uses.length === 0 &&
        (file.deletable ? (
          <Button
            variant="danger"
            size="sm"
            aria-label={`حذف الملف ${file.name}`}
            onClick={() => onDelete(file)}
          >
            حذف
          </Button>
        ) : (
          <span className="text-xs text-muted">يُحذف بعد ساعة من رفعه</span>
        ))}
    </span>
  );
}

export interface StoredFilesTableProps {
  files: StoredFile[];
  onDelete: (file: StoredFile) => void;
  busy?: boolean;
}

const HEADERS = ['معاينة', 'الملف', 'الحجم', 'آخر تعديل', 'الاستخدام', 'المالك', 'إجراءات'];

/** Stored files as a table from 1280 px up and as cards below. */
export function StoredFilesTable({ files, onDelete, busy = false }: StoredFilesTableProps) {
  return (
    <TableOrCards
      label="الملفات المخزنة"
      headers={HEADERS}
      busy={busy}
      rows={files.map((file) => (
        <tr key={`${file.folder}/${file.name}`} className="border-t border-slate-100 align-top">
          <td className="px-3 py-3">
            <FileThumbnail file={file} />
          </td>
          <td className="max-w-64 px-3 py-3">
            <Name file={file} />
          </td>
          <td className="px-3 py-3 whitespace-nowrap">{formatBytes(file.bytes)}</td>
          <td className="px-3 py-3 whitespace-nowrap text-muted">
            <time dateTime={file.modifiedAt}>{formatDateTime(file.modifiedAt)}</time>
          </td>
          <td className="px-3 py-3">
            <Uses file={file} />
          </td>
          <td className="px-3 py-3">
            <Owner file={file} />
          </td>
          <td className="px-3 py-3">
            <Actions file={file} onDelete={onDelete} />
          </td>
        </tr>
      ))}
      cardsClassName="flex flex-col gap-3"
      cards={files.map((file) => (
        <li
          key={`${file.folder}/${file.name}`}
          className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm"
        >
          <div className="flex items-start gap-3">
            <FileThumbnail file={file} />
            <Name file={file} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">الحجم</dt>
            <dd>{formatBytes(file.bytes)}</dd>
            <dt className="text-muted">آخر تعديل</dt>
            <dd>
              <time dateTime={file.modifiedAt}>{formatDateTime(file.modifiedAt)}</time>
            </dd>
            <dt className="text-muted">المالك</dt>
            <dd>
              <Owner file={file} />
            </dd>
          </dl>
          <Uses file={file} />
          <Actions file={file} onDelete={onDelete} />
        </li>
      ))}
    />
  );
}
