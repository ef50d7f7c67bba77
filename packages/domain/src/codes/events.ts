/**
 * The realtime payload of confirmation codes: PhoneCodeUndelivered (ours, issue 16), to the code
 * owner's open tabs once the status webhook reports that a code sent over WhatsApp did not
 * arrive. The event's place in the channel is in ../realtime.
 */
import { z } from 'zod';
import type { PhoneCodeUndeliveredEvent } from '../whatsapp/contract';

export const phoneCodeUndeliveredEventSchema = z.object({
  code: z.literal('unresolved-phone'),
  message: z.string(),
  /** The E.164 number the code was sent to. */
  phone: z.string(),
}) satisfies z.ZodType<PhoneCodeUndeliveredEvent>;
