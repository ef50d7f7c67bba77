import { useEffect, useState } from 'react';
import { ClientEvent, SERVER_STATS_RENEW_MS, ServerEvent } from '@talaqa/domain';
import { realtime } from '../../realtime-channel';
import { withSample, withoutForgotten } from './instances';
import type { Instances } from './instances';

/** Where the page's watch stands: asking, granted, refused (not an admin), or no connection. */
export type WatchState = 'connecting' | 'watching' | 'refused' | 'offline';

/** The page's clock ticks each second, so "silent" and "seconds ago" follow without samples. */
const TICK_MS = 1_000;

/** The page's own clock: when samples arrived, on this device (server clocks may differ). */
const pageNow = (): number => Date.now();

/**
 * Watches the `ServerStats` channel while the page is open (decision 342): asks at every
 * connection (a reconnected socket is in no room) and every 20 s, stops on leaving, and keeps one
 * entry per instance from the samples that arrive.
 */
export function useServerStats(): { instances: Instances; now: number; watch: WatchState } {
  const [instances, setInstances] = useState<Instances>(() => new Map());
  const [watch, setWatch] = useState<WatchState>('connecting');
  const [now, setNow] = useState(pageNow);

  useEffect(() => {
    const channel = realtime();
    let active = true;
    const ask = (): void => {
      if (!channel.connected) return;
      channel.emitWithAck(ClientEvent.WatchServerStats, { watch: true }).then(
        (ack) => {
          if (active) setWatch(ack.result === 'ok' ? 'watching' : 'refused');
        },
        () => {
          if (active) setWatch('offline');
        },
      );
    };
    const stopListening = channel.on(ServerEvent.ServerStats, (sample) => {
      setInstances((current) => withSample(current, sample, pageNow()));
    });
    const stopFollowing = channel.subscribe((state) => {
      if (state === 'open') ask();
      else setWatch(state === 'opening' ? 'connecting' : 'offline');
    });
    channel.connect();
    ask();
    const renew = setInterval(ask, SERVER_STATS_RENEW_MS);
    const tick = setInterval(() => {
      const at = pageNow();
      setNow(at);
      setInstances((current) => withoutForgotten(current, at));
    }, TICK_MS);
    return () => {
      active = false;
      clearInterval(renew);
      clearInterval(tick);
      stopListening();
      stopFollowing();
      if (channel.connected) channel.emit(ClientEvent.WatchServerStats, { watch: false });
    };
  }, []);

  return { instances, now, watch };
}
