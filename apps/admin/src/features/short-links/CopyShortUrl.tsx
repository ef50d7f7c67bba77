import { useRef, useState } from 'react';
import { Button } from '@talaqa/ui';
import { shortUrlOf } from './queries';

/** The full short address, selectable, with a button that copies it. */
export function CopyShortUrl({ name }: { name: string }) {
  const url = shortUrlOf(name);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      // Selected, so it can be copied by hand.
      input.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-semibold text-ink" id={`short-url-${name}`}>
        الرابط المختصر
      </span>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          readOnly
          dir="ltr"
          value={url}
          aria-labelledby={`short-url-${name}`}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          نسخ الرابط
        </Button>
      </div>
      <p role="status" className="text-sm text-muted">
        {copied === 'copied'
          ? 'نُسخ الرابط.'
          : copied === 'failed'
            ? 'حدّدنا الرابط، انسخه يدويًا.'
            : ''}
      </p>
    </div>
  );
}
