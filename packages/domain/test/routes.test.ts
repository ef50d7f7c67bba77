import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API, API_ROUTES, isTutorName, tutorNameSchema } from '../src/index';
import type { EndpointDefinition, EndpointRef } from '../src/index';

const refs = Object.entries(API_ROUTES).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(
    ([name, ref]) => [`${group}.${name}`, ref as EndpointRef<EndpointDefinition>] as const,
  ),
);

describe('API_ROUTES: the routes an app shell calls without schemas (decision 308)', () => {
  it.each(refs)('%s loads the contract of API under the same name', async (name, ref) => {
    const [group = '', endpoint = ''] = name.split('.');
    const contract = await ref.contract();
    expect(contract).toBe(
      (API as Record<string, Record<string, EndpointDefinition>>)[group]?.[endpoint],
    );
  });

  it.each(refs)(
    '%s has its contract’s method, path, access and answer kind',
    async (_name, ref) => {
      const contract = await ref.contract();
      const { contract: _loader, ...route } = ref;
      expect(route).toEqual({
        method: contract.method,
        path: contract.path,
        access: contract.access,
        ...(contract.idempotent === undefined ? {} : { idempotent: contract.idempotent }),
        ...(contract.contentType === undefined ? {} : { contentType: contract.contentType }),
      });
      // A route's answer is read as JSON or text: never a file.
      expect(Object.values(contract.responses).some((schema) => schema?.type === 'file')).toBe(
        false,
      );
    },
  );
});

describe('isTutorName: tutorNameSchema without zod', () => {
  const samples = [
    'أحمد محمد',
    'أحمد  محمد ',
    'Ahmed Mohamed',
    'أحمد Mohamed',
    'أحمد',
    'أ م',
    'عبد-الله محمد',
    'أحمد\u0000 محمد',
    '',
    `أحمد ${'م'.repeat(60)}`,
  ];
  it.each(samples)('agrees with the schema on %j', (name) => {
    expect(isTutorName(name)).toBe(tutorNameSchema.safeParse(name).success);
  });

  it('agrees with the schema on any text, and refuses what is not one', () => {
    const arabicish = fc.string({
      unit: fc.constantFrom('أ', 'ح', 'م', 'د', ' ', '-', 'a', 'ـ', 'ً', '\u0000'),
      maxLength: 60,
    });
    fc.assert(
      fc.property(fc.oneof(arabicish, fc.string()), (name) => {
        expect(isTutorName(name)).toBe(tutorNameSchema.safeParse(name).success);
      }),
    );
    expect(isTutorName(null)).toBe(false);
    expect(isTutorName(5)).toBe(false);
  });
});
