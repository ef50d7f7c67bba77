/** The values of a `const` enumeration object, as a frozen array (for schemas and selects). */
export const valuesOf = <T extends Record<string, string | number>>(
  object: T,
): readonly T[keyof T][] => Object.freeze(Object.values(object) as T[keyof T][]);
