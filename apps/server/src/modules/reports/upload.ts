import type { FastifyRequest } from 'fastify';
import {
  REPORT_FORM_FIELDS,
  REPORT_LOG_MAX_BYTES,
  REPORT_LOG_NAME_PATTERN,
  REPORT_SCREENSHOT_MAX_BYTES,
  detectImageType,
} from '@talaqa/domain';
import { AppError } from '../../errors';

/** The text parts are short: a description, an address, a user agent. */
const FIELD_MAX_BYTES = 16 * 1024;
const FORM_LIMITS = {
  fileSize: Math.max(REPORT_SCREENSHOT_MAX_BYTES, REPORT_LOG_MAX_BYTES),
  files: 2,
  fields: 3,
  fieldSize: FIELD_MAX_BYTES,
  parts: 5,
};
/** Room for the multipart envelope and the text parts around the two files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const FORM_MAX_BYTES = REPORT_SCREENSHOT_MAX_BYTES + REPORT_LOG_MAX_BYTES + FORM_OVERHEAD_BYTES;

/** The screenshot's kind by its bytes (its stored extension): PNG or JPEG only, GIF refused. */
type ScreenshotType = 'png' | 'jpg';

const tooLarge = (field: string, what: string): AppError =>
  new AppError('large-file-size', `The ${what} is larger than allowed`, {
    fields: [{ path: field, code: 'file-too-large' }],
  });

/** Refuses, before the body is read, a request declaring more than a full report. */
export const refuseDeclaredOversize = (request: FastifyRequest): void => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > FORM_MAX_BYTES) {
    throw tooLarge(REPORT_FORM_FIELDS.screenshot, 'report');
  }
};

export interface ReportFormParts {
  /** The text parts by name (the last of a repeated one). */
  fields: Record<string, string>;
  screenshot: { bytes: Uint8Array; type: ScreenshotType } | undefined;
  log: { bytes: Uint8Array; name: string | null } | undefined;
}

async function readFile(part: { file: AsyncIterable<Buffer> }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    // Past the cap nothing more is kept, but the part is drained (the form goes on after it).
    if (size <= max) chunks.push(chunk);
  }
  return { size, bytes: new Uint8Array(Buffer.concat(chunks, Math.min(size, max))) };
}

/** True when the bytes are UTF-8 text without NUL (what the client's logger writes). */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the form of POST /report/with/asset: the text parts, an optional `screenshot` (PNG or
 * JPEG by its bytes, at most 5 MiB) and an optional `log` (UTF-8 text, at most 1 MiB). Past a cap
 * the request is a 413 with the part named; the bytes, not the declared type, decide what a file
 * is. Unknown parts are drained and ignored.
 */
export async function readReportForm(request: FastifyRequest): Promise<ReportFormParts> {
  if (!request.isMultipart()) {
    throw new AppError('empty-request', 'Send the report as multipart/form-data', {
      fields: [{ path: REPORT_FORM_FIELDS.description, code: 'required' }],
    });
  }
  const fields: Record<string, string> = {};
  let screenshot: ReportFormParts['screenshot'];
  let log: ReportFormParts['log'];
  const options = { limits: FORM_LIMITS, throwFileSizeLimit: false };
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === REPORT_FORM_FIELDS.screenshot) {
        const { size, bytes } = await readFile(part, REPORT_SCREENSHOT_MAX_BYTES);
        if (part.file.truncated || size > REPORT_SCREENSHOT_MAX_BYTES) {
          throw tooLarge(REPORT_FORM_FIELDS.screenshot, 'screenshot');
        }
        if (size === 0) continue;
        const type = detectImageType(bytes);
        if (type !== 'png' && type !== 'jpg') {
          throw new AppError('invalid-image-type', 'The screenshot must be a PNG or JPEG image', {
            fields: [{ path: REPORT_FORM_FIELDS.screenshot, code: 'invalid-image-type' }],
          });
        }
        screenshot = { bytes, type };
      } else if (part.fieldname === REPORT_FORM_FIELDS.log) {
        const { size, bytes } = await readFile(part, REPORT_LOG_MAX_BYTES);
        if (part.file.truncated || size > REPORT_LOG_MAX_BYTES) {
          throw tooLarge(REPORT_FORM_FIELDS.log, 'log');
        }
        if (size === 0) continue;
        if (!isText(bytes)) {
          throw new AppError('bad-request', 'The log must be UTF-8 text', {
            fields: [{ path: REPORT_FORM_FIELDS.log, code: 'invalid-type' }],
          });
        }
        const name = REPORT_LOG_NAME_PATTERN.test(part.filename) ? part.filename : null;
        log = { bytes, name };
      } else {
        for await (const chunk of part.file as AsyncIterable<Buffer>) void chunk;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad-request', 'The form could not be read', { cause: error });
  }
  return { fields, screenshot, log };
}
