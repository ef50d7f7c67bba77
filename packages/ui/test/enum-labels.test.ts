import { describe, expect, it } from 'vitest';
import {
  ENGLISH_LEVELS,
  GENDERS,
  GOVERNORATES,
  Governorate,
  NOTIFICATION_METHODS,
  ROLES,
} from '@talaqa/domain';
import {
  ENGLISH_LEVEL_NAMES_AR,
  GENDER_NAMES_AR,
  GOVERNORATE_NAMES_AR,
  NOTIFICATION_METHOD_NAMES_AR,
  ROLE_NAMES_AR,
} from '../src/index';

const ARABIC_LETTER = /[\u0621-\u064A]/;

/** Each domain enumeration's values beside the Arabic names the screens show for them. */
const CATALOGUES: [string, readonly (string | number)[], Record<string | number, string>][] = [
  ['Role', ROLES, ROLE_NAMES_AR],
  ['Gender', GENDERS, GENDER_NAMES_AR],
  ['EnglishLevel', ENGLISH_LEVELS, ENGLISH_LEVEL_NAMES_AR],
  ['NotificationMethod', NOTIFICATION_METHODS, NOTIFICATION_METHOD_NAMES_AR],
  ['Governorate', GOVERNORATES, GOVERNORATE_NAMES_AR],
];

/** Ids the spec lists twice under one name (27 Monufia, 28 Minufiya): they may share a label. */
const SAME_NAME = new Set<string | number>([Governorate.Minufiya]);

describe.each(CATALOGUES)('Arabic names of %s', (_name, values, labels) => {
  it.each(values.map((value) => [value]))('names %s in Arabic', (value) => {
    const label = (labels as Record<string | number, string | undefined>)[value];
    expect(label, `no Arabic name for "${value}"`).toBeTypeOf('string');
    expect(label!.trim().length).toBeGreaterThan(0);
    expect(label).toMatch(ARABIC_LETTER);
  });

  it('names no value the domain does not know', () => {
    const known = new Set(values.map(String));
    expect(Object.keys(labels).filter((key) => !known.has(key))).toEqual([]);
  });

  it('gives different values different names', () => {
    const names = values.filter((value) => !SAME_NAME.has(value)).map((value) => labels[value]);
    expect(new Set(names).size).toBe(names.length);
  });
});
