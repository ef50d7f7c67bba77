/**
 * The lesson room's call as React state (issue 19): the engine (`./engine`) is made once per
 * session and started in an effect, so React 19's StrictMode mount-unmount-mount joins the room
 * once (the engine defers its join by a task and an unmount before it cancels it) and a real
 * unmount leaves the room, stops every track and closes the peer connection.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { sessionApi } from '../../../api';
import { realtime } from '../../../realtime-channel';
import { createCall } from './engine';
import type { Call, CallDeps } from './engine';
import type { CallHandle, CallOptions } from './types';

/** The support switch for members behind strict networks: every candidate through TURN. */
const ICE_POLICY_KEY = 'talaqa:ice-policy';

function browserDeps(): CallDeps {
  return {
    channel: realtime(),
    iceServers: async () => {
      const token = await sessionApi.token();
      return { iceServers: token.iceServers, expiresAt: Date.parse(token.expiresAt) };
    },
    createConnection: (configuration) => new RTCPeerConnection(configuration),
    getDisplayMedia: () => navigator.mediaDevices.getDisplayMedia({ video: true, audio: false }),
    forcedRelay: () => {
      try {
        return localStorage.getItem(ICE_POLICY_KEY) === 'relay';
      } catch {
        return false;
      }
    },
    now: () => Date.now(),
  };
}

export function useCall(options: CallOptions): CallHandle {
  // One engine per session (options of a later render are the same call's).
  const [call] = useState<Call>(() => createCall(options, browserDeps()));
  useEffect(() => {
    call.start();
    return () => call.stop();
  }, [call]);
  return useSyncExternalStore(call.subscribe, call.getSnapshot);
}
