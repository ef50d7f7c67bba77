import { useEffect, useState } from 'react';
import { FILE_KIND_LABELS } from '@talaqa/domain';
import type { AssetFolder, StoredFile } from '@talaqa/domain';
import { Button, Dialog, Spinner, cx, messageForError } from '@talaqa/ui';
import { apiLinkUrl } from '../../api';
import { useStoredFileBytes } from './queries';

/** An object URL for `blob`, revoked when it changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * What a row shows as its picture: an image itself, a video's thumbnail (its poster). Uploads
 * are served by name to anyone (a plain URL); receipts and media want the admin's token, so
 * their bytes are fetched. Nothing to show: null (an unused receipt or media file is served by
 * no route, a log is text).
 */
function pictureOf(file: StoredFile): { folder: AssetFolder; name: string } | null {
  if (file.kind === 'video') return file.poster ? { folder: file.folder, name: file.poster } : null;
  if (file.kind !== 'image' && file.kind !== 'receipt') return null;
  if (file.link === null) return null;
  return { folder: file.folder, name: file.name };
}

const TILE = 'size-16 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-50';

function KindTile({ file }: { file: StoredFile }) {
  return (
    <span className={cx(TILE, 'flex items-center justify-center text-xs font-semibold text-muted')}>
      {FILE_KIND_LABELS[file.kind]}
    </span>
  );
}

function FetchedPicture({ folder, name, alt }: { folder: AssetFolder; name: string; alt: string }) {
  const bytes = useStoredFileBytes(folder, name);
  const url = useObjectUrl(bytes.data);
  if (bytes.isError) {
    return (
      <span className={cx(TILE, 'flex items-center justify-center p-1 text-center text-xs')}>
        تعذّر تحميل المعاينة
      </span>
    );
  }
  if (!url) {
    return (
      <span className={cx(TILE, 'flex items-center justify-center')}>
        <Spinner size="sm" />
      </span>
    );
  }
  return <img src={url} alt={alt} className={cx(TILE, 'object-cover')} />;
}

/** The row's thumbnail: the image, the video's poster, or a tile naming the kind. */
export function FileThumbnail({ file }: { file: StoredFile }) {
  const picture = pictureOf(file);
  if (!picture) return <KindTile file={file} />;
  const alt =
    file.kind === 'video' ? 'صورة الفيديو المصغّرة' : `معاينة ${FILE_KIND_LABELS[file.kind]}`;
  if (picture.folder === 'uploads') {
    return (
      <img
        src={apiLinkUrl(file.link ?? '')}
        alt={alt}
        loading="lazy"
        className={cx(TILE, 'object-cover')}
      />
    );
  }
  return <FetchedPicture folder={picture.folder} name={picture.name} alt={alt} />;
}

function ViewerBody({ file }: { file: StoredFile }) {
  const fetched = file.folder !== 'uploads';
  const bytes = useStoredFileBytes(file.folder, file.name, fetched);
  const url = useObjectUrl(bytes.data);
  const source = fetched ? url : apiLinkUrl(file.link ?? '');
  if (bytes.isError) {
    return <p role="alert">تعذّر تحميل الملف: {messageForError(bytes.error)}</p>;
  }
  if (!source) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (file.kind === 'video') {
    return (
      <video src={source} controls className="max-h-[70vh] w-full rounded-lg bg-black">
        <track kind="captions" />
      </video>
    );
  }
  return (
    <img
      src={source}
      alt={FILE_KIND_LABELS[file.kind]}
      className="max-h-[70vh] w-full object-contain"
    />
  );
}

/** "عرض": the image or the video in a dialog, through the route that serves it. */
export function FileViewer({ file }: { file: StoredFile }) {
  const [open, setOpen] = useState(false);
  if (
    file.link === null ||
    (file.kind !== 'image' && file.kind !== 'video' && file.kind !== 'receipt')
  ) {
    return null;
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`معاينة ${FILE_KIND_LABELS[file.kind]}`}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`عرض الملف ${file.name}`}>
          عرض
        </Button>
      }
    >
      <p className="mb-3 text-sm break-all text-muted">
        <bdi dir="ltr">{file.name}</bdi>
      </p>
      {open && <ViewerBody file={file} />}
    </Dialog>
  );
}
