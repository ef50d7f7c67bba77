/**
 * The page's picture for a problem report (docs/decisions/349-client-log.md): the app's root
 * element (`#root`) drawn by modern-screenshot, which clones the page into an SVG foreign object
 * with its styles and embedded fonts (the Arabic font included) and paints it on a canvas. Dialogs
 * and their overlay live in portals outside `#root`, so the report's own dialog is never in it.
 * Loaded on demand only (the first load stays under its budget).
 */
import { domToBlob } from 'modern-screenshot';
import { REPORT_SCREENSHOT_MAX_BYTES } from '@talaqa/domain';
import { clientLog } from '@talaqa/api-client';

/** JPEG qualities tried in turn until the picture fits the server's 5 MiB. */
const QUALITIES = [0.85, 0.6, 0.4];
/** A very long page is cut: no canvas side beyond this (browsers refuse huge canvases). */
const MAX_CANVAS_SIDE = 8000;
const TIMEOUT_MS = 15_000;

/**
 * A JPEG of the page as it is now (at one CSS pixel per pixel, white behind), or null when it
 * cannot be drawn or does not fit; a failure is kept in the client's log.
 */
export async function capturePage(
  root: HTMLElement | null = document.getElementById('root'),
): Promise<Blob | null> {
  if (!root) return null;
  try {
    for (const quality of QUALITIES) {
      const blob = await domToBlob(root, {
        type: 'image/jpeg',
        quality,
        scale: 1,
        backgroundColor: '#ffffff',
        maximumCanvasSize: MAX_CANVAS_SIDE,
        timeout: TIMEOUT_MS,
      });
      if (blob.size > 0 && blob.size <= REPORT_SCREENSHOT_MAX_BYTES) return blob;
    }
    clientLog.record('warn', '[report] the page picture is larger than allowed');
    return null;
  } catch (error) {
    clientLog.record('warn', '[report] the page picture could not be drawn', error);
    return null;
  }
}
