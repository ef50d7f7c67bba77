/**
 * One statement for many callers: requests that arrive while the database is busy wait and go
 * together in the next statement (group commit). An idle server runs a request at once (after
 * the current tick, so requests of the same tick share it); a busy one answers more per round
 * trip instead of queueing round trips on the pool.
 */

/** Runs a batch: one answer per input, in the inputs' order. */
export type BatchRun<Input, Output> = (inputs: Input[]) => Promise<Output[]>;

interface Waiting<Input, Output> {
  input: Input;
  resolve(output: Output): void;
  reject(error: unknown): void;
}

export interface BatchOptions {
  /** Batches running at once; more requests wait for one to finish (default 2). */
  inFlight?: number;
  /** Inputs in one batch at most (default 200). */
  maxSize?: number;
}

/**
 * A function that answers one input through `run` on a batch. When a batch of several fails,
 * each of its inputs runs again alone, so one bad input fails only its own caller: a batch that
 * failed changed nothing (its statement or transaction rolled back), so running again is safe.
 */
export function batched<Input, Output>(
  run: BatchRun<Input, Output>,
  { inFlight = 2, maxSize = 200 }: BatchOptions = {},
): (input: Input) => Promise<Output> {
  const queue: Waiting<Input, Output>[] = [];
  let running = 0;
  let scheduled = false;

  async function runAlone(item: Waiting<Input, Output>): Promise<void> {
    try {
      const [output] = await run([item.input]);
      if (output === undefined) throw new Error('a batch answered no output for its input');
      item.resolve(output);
    } catch (error) {
      item.reject(error);
    }
  }

  async function runBatch(items: Waiting<Input, Output>[]): Promise<void> {
    if (items.length === 1 && items[0]) return runAlone(items[0]);
    let outputs: Output[];
    try {
      outputs = await run(items.map((item) => item.input));
      if (outputs.length !== items.length) throw new Error('a batch answered the wrong count');
    } catch {
      await Promise.all(items.map(runAlone));
      return;
    }
    items.forEach((item, index) => item.resolve(outputs[index] as Output));
  }

  function flush(): void {
    scheduled = false;
    while (running < inFlight && queue.length > 0) {
      const items = queue.splice(0, maxSize);
      running += 1;
      void runBatch(items).finally(() => {
        running -= 1;
        schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled || queue.length === 0 || running >= inFlight) return;
    scheduled = true;
    setImmediate(flush);
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}
