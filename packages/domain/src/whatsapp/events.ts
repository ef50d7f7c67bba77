/**
 * The realtime payload of WhatsApp's status webhook: PhoneCodeUndelivered (ours, issue 16), to the
 * code owner's open tabs once the Cloud API reports that a phone code did not arrive. The event's
 * place in the channel is in ../realtime.
 */
import { z } from 'zod';

export const phoneCodeUndeliveredEventSchema = z.object({
  code: z.literal('unresolved-phone'),
  message: z.string(),
  /** The E.164 number the code was sent to. */
  phone: z.string(),
});
export type PhoneCodeUndeliveredEvent = z.infer<typeof phoneCodeUndeliveredEventSchema>;
