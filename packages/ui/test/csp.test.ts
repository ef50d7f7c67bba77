import { describe, expect, it, vi } from 'vitest';
import { config, z } from 'zod';

describe('@talaqa/ui/csp', () => {
  it('turns off zod’s compiled parsers, so parsing never reaches for eval', async () => {
    await import('../src/csp');
    expect(config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), age: z.number().int() });
    expect(schema.parse({ name: 'منى', age: 30 })).toEqual({ name: 'منى', age: 30 });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
