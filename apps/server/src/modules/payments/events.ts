import { ServerEvent } from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { userRoom } from '../../realtime';
import type { RealtimeServer } from '../../realtime';

/** Tells the buyer's open tabs (any instance, through the adapter) where their payment stands. */
export function emitTransactionStatus(io: RealtimeServer, view: TransactionView): void {
  io.to(userRoom(view.userId)).emit(ServerEvent.TransactionStatusUpdate, view);
}
