import { beforeEach, describe, expect, it, vi } from 'vitest';
import { domToBlob } from 'modern-screenshot';
import type { Options } from 'modern-screenshot';
import { REPORT_SCREENSHOT_MAX_BYTES } from '@talaqa/domain';
import { clientLog } from '@talaqa/api-client';
import { capturePage } from './screenshot';

// The drawing itself needs a real browser (the e2e journey); here: which element is drawn, how,
// and what happens when the picture is too large or cannot be drawn (record 348).

vi.mock('modern-screenshot', () => ({ domToBlob: vi.fn() }));
const draw = vi.mocked(domToBlob);

/** The calls as made: `domToBlob(node, options)` (its other overload takes a context). */
const calls = () => draw.mock.calls as unknown as [Node, Options][];

const blobOf = (size: number) => new Blob([new Uint8Array(size)], { type: 'image/jpeg' });

beforeEach(() => {
  draw.mockReset();
  clientLog.clear();
  document.body.innerHTML = '<div id="root"><h1>لوحة التحكم</h1></div><div role="dialog"></div>';
});

describe('the page picture', () => {
  it('draws #root (not the dialogs beside it) as a JPEG at one pixel per CSS pixel', async () => {
    const small = blobOf(1000);
    draw.mockResolvedValue(small);
    expect(await capturePage()).toBe(small);
    expect(draw).toHaveBeenCalledTimes(1);
    const [node, options] = calls()[0] ?? [];
    expect(node).toBe(document.getElementById('root'));
    expect(options).toMatchObject({ type: 'image/jpeg', quality: 0.85, scale: 1 });
  });

  it('lowers the quality until the picture fits the 5 MiB, else gives none and logs why', async () => {
    const fits = blobOf(1000);
    draw.mockResolvedValueOnce(blobOf(REPORT_SCREENSHOT_MAX_BYTES + 1)).mockResolvedValueOnce(fits);
    expect(await capturePage()).toBe(fits);
    expect(calls().map(([, options]) => options.quality)).toEqual([0.85, 0.6]);

    draw.mockReset();
    draw.mockResolvedValue(blobOf(REPORT_SCREENSHOT_MAX_BYTES + 1));
    expect(await capturePage()).toBeNull();
    expect(draw).toHaveBeenCalledTimes(3);
    expect(clientLog.lines().map((line) => line.message)).toContain(
      '[report] the page picture is larger than allowed',
    );
  });

  it('gives none when drawing fails or there is no #root, and logs the failure', async () => {
    draw.mockRejectedValue(new Error('tainted canvas'));
    expect(await capturePage()).toBeNull();
    expect(clientLog.lines().at(-1)?.message).toBe('[report] the page picture could not be drawn');
    expect(clientLog.lines().at(-1)?.context).toContain('tainted canvas');
    document.body.innerHTML = '';
    expect(await capturePage()).toBeNull();
  });
});
