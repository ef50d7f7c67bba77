import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS } from '@talaqa/domain';

const theme = readFileSync(join(import.meta.dirname, '..', 'src', 'theme.css'), 'utf8');

describe('the Tailwind theme', () => {
  it('has exactly the spec breakpoints, in rem of 16 px', () => {
    const declared = Object.fromEntries(
      [...theme.matchAll(/--breakpoint-([a-z0-9]+):\s*([\d.]+)rem/g)].map(([, name, rem]) => [
        name,
        Number(rem) * 16,
      ]),
    );
    expect(declared).toEqual(BREAKPOINTS);
    expect(theme).toMatch(/--breakpoint-\*:\s*initial/);
  });

  it('uses the self-hosted Arabic font first', () => {
    expect(theme).toMatch(/@import ['"]@fontsource\/cairo\/400\.css['"]/);
    expect(theme).toMatch(/--font-sans:\s*['"]?Cairo/);
  });
});
