import { describe, expect, it } from 'vitest';
import { batched } from '../../src/db/batched';

/** A batch runner that records its batches and answers when told to. */
function gate() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (inputs: number[]): Promise<number[]> => {
    batches.push(inputs);
    return new Promise((resolve) => {
      pending.push(() => {
        resolve(inputs.map((n) => n * 10));
      });
    });
  };
  const releaseAll = (): void => {
    for (const release of pending.splice(0)) release();
  };
  return { batches, run, releaseAll };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Lets the event loop turn until `ready` holds (a batch starts a turn after the last ends). */
async function until(ready: () => boolean): Promise<void> {
  for (let turn = 0; turn < 20 && !ready(); turn += 1) await settle();
  expect(ready()).toBe(true);
}

describe('batched', () => {
  it('runs the requests of one tick together, each caller getting its own answer', async () => {
    const { batches, run, releaseAll } = gate();
    const answer = batched(run);
    const answers = Promise.all([answer(1), answer(2), answer(3)]);
    await settle();
    releaseAll();
    expect(await answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives while its batches run into the next one', async () => {
    const { batches, run, releaseAll } = gate();
    const answer = batched(run, { inFlight: 1 });
    const first = answer(1);
    await settle();
    const later = [answer(2), answer(3), answer(4)];
    await settle();
    expect(batches).toEqual([[1]]);
    releaseAll();
    expect(await first).toBe(10);
    await until(() => batches.length === 2);
    releaseAll();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('runs at most inFlight batches at once and at most maxSize inputs in one', async () => {
    const { batches, run, releaseAll } = gate();
    const answer = batched(run, { inFlight: 2, maxSize: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(answer));
    await settle();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    releaseAll();
    await until(() => batches.length === 3);
    releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('runs each input of a failed batch alone, so only the bad one fails', async () => {
    const seen: number[][] = [];
    const answer = batched(async (inputs: number[]) => {
      seen.push(inputs);
      if (inputs.includes(13)) throw new Error('unlucky');
      return inputs.map((n) => n + 1);
    });
    const results = await Promise.allSettled([answer(1), answer(13), answer(2)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      2,
      'failed',
      3,
    ]);
    expect(seen).toEqual([[1, 13, 2], [1], [13], [2]]);
  });

  it('does not trust a batch that answers the wrong number of outputs', async () => {
    const answer = batched(async (inputs: number[]) =>
      inputs.length > 1 ? [0] : inputs.map((n) => -n),
    );
    expect(await Promise.all([answer(1), answer(2)])).toEqual([-1, -2]);
  });
});
