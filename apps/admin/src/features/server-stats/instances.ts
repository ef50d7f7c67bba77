import { SERVER_STATS_SILENT_AFTER_MS } from '@talaqa/domain';
import type { ServerStatsSample } from '@talaqa/domain';

/** How many samples each instance keeps for its small lines: a minute at 5 s. */
export const HISTORY_LENGTH = 12;
/** An instance silent this long leaves the page (it stopped, or was replaced). */
export const FORGET_AFTER_MS = 60_000;

export interface InstanceEntry {
  latest: ServerStatsSample;
  /** When the page received the latest sample (the page's clock, not the server's). */
  receivedAt: number;
  /** Oldest first, the latest last. */
  history: readonly ServerStatsSample[];
}

export type Instances = ReadonlyMap<string, InstanceEntry>;

/** The instances with `sample` received at `now`: its instance's entry updated or added. */
export function withSample(
  instances: Instances,
  sample: ServerStatsSample,
  now: number,
): Instances {
  const next = new Map(instances);
  const previous = instances.get(sample.instance.id);
  const history = [...(previous?.history ?? []), sample].slice(-HISTORY_LENGTH);
  next.set(sample.instance.id, { latest: sample, receivedAt: now, history });
  return next;
}

/** Without the instances silent for a minute; the same map when none is. */
export function withoutForgotten(instances: Instances, now: number): Instances {
  const kept = [...instances].filter(([, entry]) => now - entry.receivedAt < FORGET_AFTER_MS);
  return kept.length === instances.size ? instances : new Map(kept);
}

export const isSilent = (entry: InstanceEntry, now: number): boolean =>
  now - entry.receivedAt >= SERVER_STATS_SILENT_AFTER_MS;

/** By name, then id: the cards keep their places as samples arrive. */
export const inDisplayOrder = (instances: Instances): InstanceEntry[] =>
  [...instances.values()].sort(
    (a, b) =>
      a.latest.instance.name.localeCompare(b.latest.instance.name) ||
      a.latest.instance.id.localeCompare(b.latest.instance.id),
  );

/** Figures over every instance answering now, for the page's summary line. */
export function totals(instances: Instances, now: number) {
  const answering = [...instances.values()].filter((entry) => !isSilent(entry, now));
  const sum = (read: (sample: ServerStatsSample) => number) =>
    answering.reduce((total, entry) => total + read(entry.latest), 0);
  return {
    answering: answering.length,
    silent: instances.size - answering.length,
    sockets: sum((sample) => sample.sockets),
    requestsPerSecond: sum((sample) => sample.requestsPerSecond),
  };
}
