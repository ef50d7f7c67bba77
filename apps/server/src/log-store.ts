/**
 * Keeping the server log for the admins' export (issue 23 item 6; docs/decisions/350-log-export.md).
 * A pino destination beside stdout: each line at LOG_STORE_LEVEL and above is put in a bounded
 * queue in this process and written to the database in batches, every `flushMs` or as soon as
 * `batchLines` wait, one batch at a time. Logging never waits for the database: a full queue
 * drops the newest lines, and a batch the database refuses is dropped too; both are counted
 * (`talaqa_log_lines_dropped_total` in /metrics). The store's own troubles are told through
 * `report`, which must not lead back here (main wiring gives it a stdout-only logger), so a
 * failing database cannot make the store log into itself in a loop.
 */

/** One line as the store keeps it; `line` is pino's JSON text, already redacted. */
export interface StoredLogLine {
  time: Date;
  level: number;
  message: string;
  line: string;
}

/** Writes one batch (an insert); a rejection drops the batch. */
export type LogBatchWriter = (lines: StoredLogLine[]) => Promise<void>;

export interface LogStoreOptions {
  /** Lines waiting at most; past it new lines are dropped (and counted). */
  maxQueued?: number;
  /** Lines per insert; a full batch is written at once rather than at the next tick. */
  batchLines?: number;
  /** The longest a line waits before its batch is written. */
  flushMs?: number;
  /** How long close() waits for the last batches. */
  closeWaitMs?: number;
  /** Told when the store starts or stops dropping lines; must never log into this store. */
  report?: (message: string, fields: Record<string, unknown>) => void;
}

export interface LogStoreCounts {
  stored: number;
  dropped: number;
  queued: number;
}

export interface LogStore {
  /** The destination for pino.multistream (it reads the level and message pino hands it). */
  readonly stream: LogStoreStream;
  /** Queues one line; never waits. */
  push(entry: StoredLogLine): void;
  /** Starts writing through `writer` (lines logged before the database opened wait for it). */
  attach(writer: LogBatchWriter): void;
  /** Writes everything queued now, batch after batch (tests, and the last act of close). */
  flush(): Promise<void>;
  /** Writes what is queued (as long as `flush` takes) and stops: later lines are not kept. */
  close(): Promise<void>;
  counts(): LogStoreCounts;
}

export interface LogStoreStream {
  write(chunk: string): void;
  lastLevel?: number | string;
  lastMsg?: string;
  lastTime?: string;
}

export const LOG_STORE_DEFAULTS = { maxQueued: 20_000, batchLines: 500, flushMs: 1000 } as const;

const PINO_METADATA = Symbol.for('pino.metadata');
const TIME_IN_LINE = /"time":(\d{10,})/;
const LEVEL_IN_LINE = /"level":(\d+)/;
const MSG_IN_LINE = /"msg":"((?:[^"\\]|\\.)*)"/;

/** The text of a JSON string's body; a malformed one is kept as written. */
function jsonText(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}

/**
 * A line as pino wrote it. Level and message come from pino's metadata when multistream passes
 * them (no parsing), else from the line; the time always from the line (pino's epoch
 * milliseconds), so it is the instant the line was logged, not the instant it was stored.
 */
export function storedLineOf(
  chunk: string,
  meta: { lastLevel?: number | string; lastMsg?: string },
  fallbackTime: () => Date,
): StoredLogLine {
  const line = chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk;
  const time = TIME_IN_LINE.exec(line)?.[1];
  const level =
    typeof meta.lastLevel === 'number'
      ? meta.lastLevel
      : Number(LEVEL_IN_LINE.exec(line)?.[1] ?? 30);
  const message =
    typeof meta.lastMsg === 'string' ? meta.lastMsg : jsonText(MSG_IN_LINE.exec(line)?.[1] ?? '');
  return { time: time ? new Date(Number(time)) : fallbackTime(), level, message, line };
}

/** A line without pino's time: the wall clock it was logged at. */
const wallClock = (): Date => new Date();

export function createLogStore(options: LogStoreOptions = {}): LogStore {
  const maxQueued = options.maxQueued ?? LOG_STORE_DEFAULTS.maxQueued;
  const batchLines = options.batchLines ?? LOG_STORE_DEFAULTS.batchLines;
  const flushMs = options.flushMs ?? LOG_STORE_DEFAULTS.flushMs;
  const report = options.report ?? (() => undefined);
  const closeWaitMs = options.closeWaitMs ?? 3000;

  let queue: StoredLogLine[] = [];
  let writer: LogBatchWriter | undefined;
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let stored = 0;
  let dropped = 0;
  /** Drops since the store last said so: it reports the first drop and the recovery only. */
  let droppingSince: number | undefined;

  const drop = (lines: number, reason: string, error?: unknown): void => {
    dropped += lines;
    if (droppingSince === undefined) {
      droppingSince = dropped - lines;
      report('log store: dropping lines', {
        reason,
        ...(error instanceof Error ? { error: error.message } : {}),
      });
    }
  };

  const recovered = (): void => {
    if (droppingSince === undefined) return;
    report('log store: writing again', { droppedLines: dropped - droppingSince });
    droppingSince = undefined;
  };

  /** Writes one batch; the caller makes sure only one is under way. */
  const writeBatch = async (write: LogBatchWriter): Promise<void> => {
    const batch = queue.slice(0, batchLines);
    queue = queue.slice(batch.length);
    try {
      await write(batch);
      stored += batch.length;
      recovered();
    } catch (error) {
      drop(batch.length, 'the database refused a batch', error);
    }
  };

  /** One batch now unless one is under way (then the next tick takes the rest). */
  const kick = (): void => {
    if (writing || !writer || queue.length === 0) return;
    writing = writeBatch(writer).finally(() => {
      writing = undefined;
      if (queue.length >= batchLines) kick();
    });
  };

  const start = (): void => {
    timer = setInterval(kick, flushMs);
    timer.unref();
  };

  const push = (entry: StoredLogLine): void => {
    if (closed) return;
    if (queue.length >= maxQueued) {
      drop(1, 'the queue is full (the database is slow or down)');
      return;
    }
    queue.push(entry);
    if (queue.length >= batchLines) kick();
  };

  const stream: LogStoreStream & { [PINO_METADATA]: true } = {
    [PINO_METADATA]: true,
    write(chunk: string) {
      push(storedLineOf(chunk, stream, wallClock));
    },
  };

  const flush = async (): Promise<void> => {
    for (;;) {
      while (writing) await writing;
      if (!writer || queue.length === 0) return;
      kick();
    }
  };

  return {
    stream,
    push,
    attach(write) {
      writer = write;
      if (!timer && !closed) start();
    },
    flush,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      // A database that does not answer must not hold the shutdown: what is left is dropped.
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        flush(),
        new Promise<void>((resolve) => {
          waited = setTimeout(resolve, closeWaitMs);
          waited.unref();
        }),
      ]);
      clearTimeout(waited);
      if (queue.length > 0) drop(queue.length, 'the store closed before the database answered');
      queue = [];
      writer = undefined;
    },
    counts: () => ({ stored, dropped, queued: queue.length }),
  };
}
