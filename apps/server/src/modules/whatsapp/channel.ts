import type { WhatsAppSimulator } from '../../integrations/whatsapp';

/**
 * What the WhatsApp status webhook needs: the handshake's verify token check, the signature check
 * with the app secret, and the local simulator (which is told where to post its callbacks). The
 * server builds it from the settings; `disabledWhatsAppChannel` stands in when WhatsApp is off.
 */
export interface WhatsAppChannel {
  /** WhatsApp is configured, or simulated. */
  enabled: boolean;
  /** The local Cloud API simulator, when one runs (it posts status callbacks to the webhook). */
  simulator: WhatsAppSimulator | undefined;
  /** The challenge to answer for a verification request, or undefined (403). */
  handshake(query: Record<string, unknown>): string | undefined;
  /** Constant-time check of X-Hub-Signature-256 over the raw body. */
  verifySignature(header: string | string[] | undefined, rawBody: Buffer): boolean;
}

export const disabledWhatsAppChannel: WhatsAppChannel = {
  enabled: false,
  simulator: undefined,
  handshake: () => undefined,
  verifySignature: () => false,
};

declare module 'fastify' {
  interface FastifyInstance {
    whatsapp: WhatsAppChannel;
  }
}
