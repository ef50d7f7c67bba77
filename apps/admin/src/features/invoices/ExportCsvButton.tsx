import { useState } from 'react';
import { API } from '@talaqa/domain';
import type { InvoiceExportQuery } from '@talaqa/domain';
import { Button, messageForError } from '@talaqa/ui';
import { api } from '../../api';

/** Excel reads a CSV as UTF-8 only after this mark (decision 336); `fetch`'s text drops it. */
const BOM = '\uFEFF';

/** "talaqa-withdrawals-2026-11-26.csv", as the server's `content-disposition` names the file. */
function fileNameOf(headers: Headers | undefined): string {
  const disposition = headers?.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'talaqa-withdrawals.csv';
}

/** GET /invoice/export.csv with the page's filters, saved as a file under the server's name. */
async function downloadWithdrawals(filters: InvoiceExportQuery): Promise<void> {
  let headers: Headers | undefined;
  const text = await api.call(
    API.invoiceReports.exportCsv,
    { query: filters },
    {
      onHeaders: (received) => {
        headers = received;
      },
    },
  );
  const blob = new Blob([text.startsWith(BOM) ? text : BOM + text], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(headers);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The bank run's file: every request matching the filters on screen (all pages), as CSV for Excel.
 * A failure is said beside the button; the list stays as it is.
 */
export function ExportCsvButton({ filters }: { filters: InvoiceExportQuery }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          downloadWithdrawals(filters)
            .catch((failure: unknown) => setError(failure))
            .finally(() => setBusy(false));
        }}
      >
        تنزيل CSV لطلبات السحب
      </Button>
      {error !== null && (
        <p role="alert" className="text-sm text-red-700">
          تعذّر تنزيل الملف: {messageForError(error)}
        </p>
      )}
    </div>
  );
}
