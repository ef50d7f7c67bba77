import { describe, expect, it } from 'vitest';
import { WHATSAPP_STATES } from '../../src/db/schema';
import { WHATSAPP_STATUSES } from '../../src/integrations/whatsapp';
import { nextWhatsAppState } from '../../src/modules/whatsapp/states';

describe('WhatsApp delivery state', () => {
  it('moves forward only: accepted < sent < delivered < read', () => {
    expect(nextWhatsAppState('accepted', 'sent')).toBe('sent');
    expect(nextWhatsAppState('accepted', 'read')).toBe('read');
    expect(nextWhatsAppState('read', 'delivered')).toBe('read');
    expect(nextWhatsAppState('delivered', 'sent')).toBe('delivered');
    expect(nextWhatsAppState('delivered', 'delivered')).toBe('delivered');
  });

  it('failed ends it, except after read; nothing leaves failed', () => {
    expect(nextWhatsAppState('accepted', 'failed')).toBe('failed');
    expect(nextWhatsAppState('delivered', 'failed')).toBe('failed');
    expect(nextWhatsAppState('read', 'failed')).toBe('read');
    for (const status of WHATSAPP_STATUSES)
      expect(nextWhatsAppState('failed', status)).toBe('failed');
  });

  it('is idempotent for every pair', () => {
    for (const state of WHATSAPP_STATES) {
      for (const status of WHATSAPP_STATUSES) {
        const once = nextWhatsAppState(state, status);
        expect(nextWhatsAppState(once, status)).toBe(once);
      }
    }
  });
});
