import type { FastifyRequest } from 'fastify';
import {
  detectImageType,
  IMAGE_MAX_BYTES,
  INVOICE_RECEIPT_FIELD,
  INVOICE_UPDATE_DATA_FIELD,
} from '@talaqa/domain';
import type { ImageType } from '@talaqa/domain';
import { AppError } from '../../errors';

/** The update's JSON is small; the receipt an image of at most IMAGE_MAX_BYTES. */
const DATA_MAX_BYTES = 8 * 1024;
const FORM_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 1,
  fieldSize: DATA_MAX_BYTES,
  parts: 2,
};
/** Room for the multipart envelope around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = (): AppError =>
  new AppError('large-file-size', 'The receipt is larger than 5 MiB', {
    fields: [{ path: INVOICE_RECEIPT_FIELD, code: 'file-too-large' }],
  });

/** Refuses, before the body is read, a request declaring more than a receipt and its form. */
export const refuseDeclaredOversize = (request: FastifyRequest): void => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    throw tooLarge();
  }
};

export interface InvoiceForm {
  /** The `data` field read as JSON (undefined when absent or not JSON). */
  data: unknown;
  receipt: { bytes: Uint8Array; type: ImageType } | undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the update form of PUT /invoice/{id}/with/asset: `data` (JSON) and an optional `receipt`
 * image. Past the size cap nothing more is kept and the request is a 413; the bytes, not the
 * declared type, decide what the image is. Other parts are drained and ignored.
 */
export async function readInvoiceForm(request: FastifyRequest): Promise<InvoiceForm> {
  if (!request.isMultipart()) {
    throw new AppError('empty-request', 'Send the update as multipart/form-data', {
      fields: [{ path: INVOICE_UPDATE_DATA_FIELD, code: 'required' }],
    });
  }
  let data: unknown;
  let receipt: InvoiceForm['receipt'];
  const options = { limits: FORM_LIMITS, throwFileSizeLimit: false };
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        if (part.fieldname === INVOICE_UPDATE_DATA_FIELD && typeof part.value === 'string') {
          data = parseJson(part.value);
        }
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= IMAGE_MAX_BYTES) chunks.push(chunk);
      }
      if (part.fieldname !== INVOICE_RECEIPT_FIELD) continue;
      if (part.file.truncated || size > IMAGE_MAX_BYTES) throw tooLarge();
      if (size === 0) continue;
      const bytes = new Uint8Array(Buffer.concat(chunks, size));
      const type = detectImageType(bytes);
      if (!type) {
        throw new AppError('invalid-image-type', 'Only JPG, PNG or GIF images', {
          fields: [{ path: INVOICE_RECEIPT_FIELD, code: 'invalid-image-type' }],
        });
      }
      receipt = { bytes, type };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad-request', 'The form could not be read', { cause: error });
  }
  return { data, receipt };
}
