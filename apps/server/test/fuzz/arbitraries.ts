/**
 * fast-check arbitraries of VALID values from zod 4 schemas, made by walking the schema's
 * definition (`schema._zod.def`): objects, strings with length bounds, formats and patterns,
 * numbers and integers with bounds, booleans, enums and literals, arrays with bounds, unions,
 * optional, nullable and default values, preprocess and pipes.
 *
 * Refinements (`refine`, `superRefine`, a transform that rejects) are functions the walk cannot
 * read. Where a node has one, it is offered the realistic examples of ./examples.ts that it
 * accepts too, and the values are filtered by the node itself; a node none of them satisfies keeps
 * what its visible rules give, which the server may still refuse (400). Object-wide rules are
 * not solved, except the common "confirmation must match" pair (`password`/`passwordConfirmation`).
 *
 * Values are the schema's INPUT as JSON would carry it. For a query string or a path, turn them
 * into text with `wireText` (./requests.ts does).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { examples } from './examples';

type Node = z.core.$ZodType;
type Def = z.core.$ZodTypes['_zod']['def'];
type CheckDef = z.core.$ZodCheckDef & Record<string, unknown>;

export interface ValidOptions {
  /** "Now" for the examples (lesson starts, expiries); default: the real time. */
  now?: Date;
  /** Longest text generated for a field without a maximum (default 40). */
  maxTextLength?: number;
}

const defOf = (node: Node): Def => (node as z.core.$ZodTypes)._zod.def;

/** The node's checks, the node itself included when it is a format (`z.email()`, `z.int()`). */
function checksOf(node: Node): CheckDef[] {
  const def = node._zod.def as z.core.$ZodTypeDef & { check?: string };
  const own = (def.checks ?? []).map((check) => check._zod.def as CheckDef);
  return typeof def.check === 'string' ? [def as unknown as CheckDef, ...own] : own;
}

/** Whether a value passes the node (a throwing or asynchronous refinement counts as no). */
export function accepts(node: Node, value: unknown): boolean {
  try {
    return (node as z.ZodType).safeParse(value).success;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Text

const LATIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789     '];
const ARABIC = [...'ابتثجحخدذرسشصضطظعغفقكلمنهويةءأإآى٠١٢٣٤٥٦٧٨٩ '];
const character = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...LATIN) },
  { weight: 3, arbitrary: fc.constantFrom(...ARABIC) },
  { weight: 1, arbitrary: fc.constantFrom(...'-._@،؟!') },
);

interface TextRules {
  min: number;
  max: number | undefined;
  formats: { format: string; pattern?: RegExp }[];
}

function textRules(node: Node): TextRules {
  const rules: TextRules = { min: 0, max: undefined, formats: [] };
  for (const check of checksOf(node)) {
    if (check.check === 'min_length') rules.min = Math.max(rules.min, Number(check.minimum));
    if (check.check === 'max_length')
      rules.max = Math.min(rules.max ?? Infinity, Number(check.maximum));
    if (check.check === 'length_equals') rules.min = rules.max = Number(check.length);
    if (check.check === 'string_format') {
      rules.formats.push({
        format: String(check.format),
        pattern: check.pattern instanceof RegExp ? check.pattern : undefined,
      });
    }
  }
  return rules;
}

const isoInstant = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** Text of a known format; undefined when fast-check has no arbitrary for it. */
function formatted(format: string, pattern: RegExp | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return isoInstant;
    case 'date':
      return isoInstant.map((instant) => instant.slice(0, 10));
    case 'time':
      return isoInstant.map((instant) => instant.slice(11, 19));
    case 'lowercase':
      return undefined;
    case 'uppercase':
      return undefined;
    default:
      return pattern ? matching(pattern) : undefined;
  }
}

/** fast-check reads most patterns; one it cannot read leaves the field to plain text. */
function matching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return undefined;
  }
}

function textOf(node: Node, options: Required<ValidOptions>): fc.Arbitrary<string> {
  const rules = textRules(node);
  for (const { format, pattern } of rules.formats) {
    const arbitrary = formatted(format, pattern);
    if (arbitrary) return arbitrary;
  }
  const maxLength = Math.min(rules.max ?? Infinity, rules.min + options.maxTextLength);
  const text = fc.string({ unit: character, minLength: rules.min, maxLength });
  const cased = rules.formats.map(({ format }) => format);
  if (cased.includes('lowercase')) return text.map((value) => value.toLowerCase());
  if (cased.includes('uppercase')) return text.map((value) => value.toUpperCase());
  return text;
}

// ---------------------------------------------------------------------------------------------
// Numbers

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);
/** Bounds used when a schema states none: wide enough to be varied, small enough to be typed. */
const OPEN_BOUND = 1_000_000;

interface NumberRules {
  min: number;
  max: number;
  minExcluded: boolean;
  maxExcluded: boolean;
  integer: boolean;
}

function numberRules(node: Node): NumberRules {
  const rules: NumberRules = {
    min: -OPEN_BOUND,
    max: OPEN_BOUND,
    minExcluded: false,
    maxExcluded: false,
    integer: false,
  };
  let bounded = { min: false, max: false };
  for (const check of checksOf(node)) {
    const value = Number(check.value);
    if (check.check === 'greater_than' && (!bounded.min || value > rules.min)) {
      rules.min = value;
      rules.minExcluded = check.inclusive !== true;
      bounded = { ...bounded, min: true };
    }
    if (check.check === 'less_than' && (!bounded.max || value < rules.max)) {
      rules.max = value;
      rules.maxExcluded = check.inclusive !== true;
      bounded = { ...bounded, max: true };
    }
    if (check.check === 'number_format' && INTEGER_FORMATS.has(String(check.format))) {
      rules.integer = true;
    }
    if (check.check === 'multiple_of' && value === 1) rules.integer = true;
  }
  // An open side stays near the other bound, so `min(1)` gives 1, 2, 30 rather than 900000.
  if (bounded.min && !bounded.max) rules.max = Math.max(rules.min + OPEN_BOUND, rules.min);
  if (bounded.max && !bounded.min) rules.min = Math.min(rules.max - OPEN_BOUND, rules.max);
  return rules;
}

/** The whole numbers inside the rules, within the safe integers. */
function wholeBounds(rules: NumberRules): { min: number; max: number } {
  const min = Math.ceil(rules.min + (rules.minExcluded && Number.isInteger(rules.min) ? 1 : 0));
  const max = Math.floor(rules.max - (rules.maxExcluded && Number.isInteger(rules.max) ? 1 : 0));
  return {
    min: Math.max(min, Number.MIN_SAFE_INTEGER),
    max: Math.min(max, Number.MAX_SAFE_INTEGER),
  };
}

/** How far above its minimum an integer is often drawn: real ids and counts are small. */
const NEAR_MINIMUM = 5;

/** Whole numbers in the bounds, often near the minimum (so ids meet the rows that exist). */
function integerIn({ min, max }: { min: number; max: number }): fc.Arbitrary<number> {
  if (min > max) return fc.constant(min);
  const near = { min, max: Math.min(max, min + NEAR_MINIMUM) };
  return fc.oneof(fc.integer(near), fc.integer({ min, max }));
}

function numberOf(node: Node): fc.Arbitrary<number> {
  const rules = numberRules(node);
  const whole = wholeBounds(rules);
  if (rules.integer) return integerIn(whole);
  const { min, max, minExcluded, maxExcluded } = rules;
  const double = fc.double({
    min,
    max,
    minExcluded,
    maxExcluded,
    noNaN: true,
    noDefaultInfinity: true,
  });
  return whole.min <= whole.max ? fc.oneof(integerIn(whole), double) : double;
}

// ---------------------------------------------------------------------------------------------
// Containers

function lengthBounds(node: Node, longest: number): { minLength: number; maxLength: number } {
  let minLength = 0;
  let maxLength: number | undefined;
  for (const check of checksOf(node)) {
    if (check.check === 'min_length') minLength = Number(check.minimum);
    if (check.check === 'max_length') maxLength = Number(check.maximum);
    if (check.check === 'length_equals') minLength = maxLength = Number(check.length);
  }
  return { minLength, maxLength: Math.min(maxLength ?? Infinity, minLength + longest) };
}

/** A form's confirmation field repeats its field: `password` and `passwordConfirmation`. */
function withConfirmations(value: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...value };
  for (const key of Object.keys(copy)) {
    const field = key.endsWith('Confirmation') ? key.slice(0, -'Confirmation'.length) : undefined;
    if (field && field in copy) copy[key] = copy[field];
  }
  return copy;
}

function objectOf(
  shape: Readonly<Record<string, Node>>,
  walk: (node: Node) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    model[key] = walk(field);
    // Absence is allowed exactly when the field accepts undefined (optional, default, preprocess).
    if (!accepts(field, undefined)) requiredKeys.push(key);
  }
  return fc.record(model, { requiredKeys }).map(withConfirmations);
}

function mergedOf(left: unknown, right: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject(left) && isObject(right) ? { ...left, ...right } : left;
}

// ---------------------------------------------------------------------------------------------
// The walk

/** Deep enough for any request of the API; a recursive schema stops here. */
const MAX_DEPTH = 6;

class Walker {
  private readonly examples: readonly unknown[];
  private readonly options: Required<ValidOptions>;
  private readonly memo = new WeakMap<Node, fc.Arbitrary<unknown>>();

  constructor(options: ValidOptions) {
    this.options = { now: options.now ?? new Date(), maxTextLength: options.maxTextLength ?? 40 };
    this.examples = examples(this.options.now);
  }

  of(node: Node, depth = 0): fc.Arbitrary<unknown> {
    if (depth > MAX_DEPTH) return fc.constant(undefined);
    const known = this.memo.get(node);
    if (known) return known;
    const arbitrary = this.withExamples(node, this.structural(node, depth));
    this.memo.set(node, arbitrary);
    return arbitrary;
  }

  /**
   * A node with rules the walk cannot read (refinements, rejecting transforms, formats) also
   * gets the examples it accepts, and keeps only values it accepts, when some example passes.
   */
  private withExamples(node: Node, structural: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
    if (!hasOpaqueRules(node)) return structural;
    const passing = this.examples.filter((example) => accepts(node, example));
    if (passing.length === 0) return structural;
    return fc
      .oneof(structural, fc.constantFrom(...passing))
      .filter((value) => accepts(node, value));
  }

  private structural(node: Node, depth: number): fc.Arbitrary<unknown> {
    const next = (inner: Node) => this.of(inner, depth + 1);
    const def = defOf(node);
    switch (def.type) {
      case 'string':
        return textOf(node, this.options);
      case 'number':
        return numberOf(node);
      case 'boolean':
        return fc.boolean();
      case 'bigint':
        return fc.bigInt({ min: 0n, max: 1000n });
      case 'date':
        return def.coerce ? isoInstant : fc.date({ noInvalidDate: true });
      case 'enum':
      case 'literal':
        return fc.constantFrom(...(node as z.core.$ZodEnum)._zod.values);
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
      case 'never':
        return fc.constant(undefined);
      case 'nan':
        return fc.constant(Number.NaN);
      case 'object':
        return objectOf(def.shape, next);
      case 'array': {
        const bounds = lengthBounds(node, 3);
        return fc.array(next(def.element), bounds);
      }
      case 'tuple':
        return fc.tuple(...def.items.map(next));
      case 'record':
        return fc.dictionary(
          next(def.keyType).map((key) => String(key)),
          next(def.valueType),
          { maxKeys: 3 },
        );
      case 'union':
        return fc.oneof(...def.options.map(next));
      case 'intersection':
        return fc
          .tuple(next(def.left), next(def.right))
          .map(([left, right]) => mergedOf(left, right));
      case 'optional':
      case 'default':
      case 'prefault':
        return fc.option(next(def.innerType), { nil: undefined, freq: 3 });
      case 'nullable':
        return fc.option(next(def.innerType), { nil: null, freq: 3 });
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return next(def.innerType);
      case 'lazy':
        return next(def.getter());
      case 'pipe':
        // A preprocess is pipe(transform, schema): the schema says what to send. `a.transform(f)`
        // is pipe(a, transform): `a` reads the input. In `a.pipe(b)` both read it, `b` usually
        // the narrower (`z.coerce.number().pipe(z.literal([1, 2]))`); the node filters.
        if (defOf(def.in).type === 'transform') return next(def.out);
        if (defOf(def.out).type === 'transform') return next(def.in);
        return fc.oneof(next(def.out), next(def.in));
      case 'template_literal':
        return matching((node as z.core.$ZodTemplateLiteral)._zod.pattern) ?? fc.string();
      case 'success':
        return fc.boolean();
      default:
        // unknown, any, custom, transform, file, promise, function, map, set, symbol.
        return fc.jsonValue({ maxDepth: 2 });
    }
  }
}

/** Rules of a node that its definition does not spell out. */
function hasOpaqueRules(node: Node): boolean {
  const def = defOf(node);
  if (def.type === 'custom' || def.type === 'transform') return true;
  if (def.type === 'pipe' && defOf(def.in).type !== 'transform') return true;
  return checksOf(node).some(
    (check) => check.check === 'custom' || check.check === 'string_format',
  );
}

/** Valid values of a schema's input. */
export type ValidValues = (schema: z.ZodType) => fc.Arbitrary<unknown>;

/**
 * Valid values of `schema`'s input. Make one per test run and use it for every schema: the walk
 * is memoised per schema node.
 */
export function validValues(options: ValidOptions = {}): ValidValues {
  const walker = new Walker(options);
  return (schema) => walker.of(schema);
}

/** The keys an object schema names (through optional, pipes and the like); [] for other schemas. */
export function keysOf(schema: z.ZodType): string[] {
  let node: Node = schema;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const def = defOf(node);
    if (def.type === 'object') return Object.keys(def.shape);
    if (def.type === 'pipe') node = defOf(def.in).type === 'transform' ? def.out : def.in;
    else if ('innerType' in def) node = def.innerType;
    else return [];
  }
  return [];
}
