/**
 * Requests for an endpoint's contract: valid ones (params, query and body generated from its
 * schemas) and hostile ones (a valid request broken in one place: a path segment, a query value,
 * a body field, the whole body, a header). Each request says how it was broken, for the report.
 */
import fc from 'fast-check';
import type { EndpointDefinition } from '@talaqa/domain';
import { keysOf } from './arbitraries';
import type { ValidValues } from './arbitraries';
import {
  EXTRA_KEYS,
  HUGE_PAGES,
  LONG_URL_TEXTS,
  hostileSegment,
  hostileText,
  hostileValue,
} from './hostile';
import type { Segment } from './hostile';

export type FuzzBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'form'; field: string; bytes: Uint8Array; filename: string; type: string };

export interface FuzzRequest {
  method: string;
  /** The path under /api/v1 as it goes on the wire (params encoded, or raw on purpose). */
  path: string;
  query: [string, string][];
  body?: FuzzBody;
  headers: Record<string, string>;
  /**
   * A path the router refuses before the access check runs: broken percent-encoding, or a
   * segment longer than Fastify's `maxParamLength`.
   */
  unroutable: boolean;
  /** How the request was broken; empty for a valid one. */
  hostility: string;
}

interface Parts {
  params: Record<string, Segment>;
  query: [string, string][];
  body?: FuzzBody;
  headers: Record<string, string>;
  hostility: string;
}

type Valid = ValidValues;

/** Fastify's default `maxParamLength`: a longer path parameter is refused before routing. */
const ROUTER_MAX_PARAM_LENGTH = 100;

/** A value of a query string or a path segment, as text. */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const paramNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

function queryPairs(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null) return [];
  const pairs: [string, string][] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    for (const item of Array.isArray(field) ? field : [field]) pairs.push([key, wireText(item)]);
  }
  return pairs;
}

/** The smallest PNG: one transparent pixel. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const hasBody = (endpoint: EndpointDefinition): boolean =>
  endpoint.body !== undefined || endpoint.upload !== undefined;

function validParams(endpoint: EndpointDefinition, valid: Valid): fc.Arbitrary<Parts['params']> {
  const names = paramNames(endpoint.path);
  const values = endpoint.params ? valid(endpoint.params) : fc.constant({});
  return values.map((value) => {
    const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    const params: Parts['params'] = {};
    for (const name of names) {
      const text = wireText(fields[name] ?? '1');
      params[name] = { text: encodeURIComponent(text === '' ? '1' : text), unroutable: false };
    }
    return params;
  });
}

function validBody(endpoint: EndpointDefinition, valid: Valid): fc.Arbitrary<FuzzBody | undefined> {
  const upload = endpoint.upload;
  if (upload) {
    return fc.constant({
      kind: 'form',
      field: upload.field,
      bytes: PNG,
      filename: 'a.png',
      type: 'image/png',
    });
  }
  if (!endpoint.body) return fc.constant(undefined);
  return valid(endpoint.body).map((value): FuzzBody => ({ kind: 'json', value }));
}

function validParts(endpoint: EndpointDefinition, valid: Valid): fc.Arbitrary<Parts> {
  return fc.record({
    params: validParams(endpoint, valid),
    query: endpoint.query ? valid(endpoint.query).map(queryPairs) : fc.constant([]),
    body: validBody(endpoint, valid),
    headers: endpoint.idempotent
      ? fc.uuid().map((key) => ({ 'idempotency-key': key }))
      : fc.constant({}),
    hostility: fc.constant(''),
  });
}

function toRequest(endpoint: EndpointDefinition, parts: Parts): FuzzRequest {
  const path = endpoint.path.replace(
    /:([A-Za-z0-9_]+)/g,
    (_match, name: string) => parts.params[name]?.text ?? '1',
  );
  return {
    method: endpoint.method,
    path,
    query: parts.query,
    body: parts.body,
    headers: parts.headers,
    unroutable: Object.values(parts.params).some(
      (segment) => segment.unroutable || segment.text.length > ROUTER_MAX_PARAM_LENGTH,
    ),
    hostility: parts.hostility,
  };
}

/** Valid requests of an endpoint, as far as its schemas tell (see ./arbitraries.ts). */
export function validRequests(
  endpoint: EndpointDefinition,
  valid: Valid,
): fc.Arbitrary<FuzzRequest> {
  return validParts(endpoint, valid).map((parts) => toRequest(endpoint, parts));
}

// ---------------------------------------------------------------------------------------------
// Breaking a valid request in one place

type Breaking = fc.Arbitrary<(parts: Parts) => Parts>;

const noted = (parts: Parts, note: string): string =>
  parts.hostility ? `${parts.hostility}; ${note}` : note;

function breakParam(names: string[]): Breaking {
  return fc.tuple(fc.constantFrom(...names), hostileSegment).map(([name, segment]) => (parts) => ({
    ...parts,
    params: { ...parts.params, [name]: segment },
    hostility: noted(parts, `param ${name}=${segment.text.slice(0, 60)}`),
  }));
}

const queryText = hostileText({ long: LONG_URL_TEXTS });

function breakQuery(keys: string[]): Breaking {
  const key = fc.constantFrom(...keys, 'page', 'size');
  return fc.oneof(
    fc.tuple(key, queryText).map(([name, text]) => (parts: Parts) => ({
      ...parts,
      query: [...parts.query.filter(([k]) => k !== name), [name, text] as [string, string]],
      hostility: noted(parts, `query ${name}=${JSON.stringify(text.slice(0, 60))}`),
    })),
    fc
      .tuple(fc.constantFrom(...HUGE_PAGES), fc.constantFrom(...HUGE_PAGES))
      .map(([page, size]) => (parts: Parts) => ({
        ...parts,
        query: [
          ...parts.query.filter(([k]) => k !== 'page' && k !== 'size'),
          ['page', page] as [string, string],
          ['size', size] as [string, string],
        ],
        hostility: noted(parts, `query page=${page}&size=${size}`),
      })),
    fc.tuple(key, fc.constantFrom('1', 'true', '')).map(([name, text]) => (parts: Parts) => ({
      ...parts,
      query: [...parts.query, [name, text] as [string, string], [name, text] as [string, string]],
      hostility: noted(parts, `query ${name} twice`),
    })),
  );
}

/** Every place inside a JSON value: object keys and array indexes, outermost first. */
function placesOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (out.length > 200 || typeof value !== 'object' || value === null) return out;
  for (const [key, inner] of Object.entries(value)) {
    const place = [...at, Array.isArray(value) ? Number(key) : key];
    out.push(place);
    placesOf(inner, place, out);
  }
  return out;
}

/** A copy of `value` with the place set to `replacement`, or removed when it is `undefined`. */
function changedAt(value: unknown, place: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = place;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === undefined) copy.splice(Number(head), 1);
    else copy[Number(head)] = changedAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === undefined) delete copy[head];
  else copy[head] = changedAt(copy[head], rest, replacement);
  return copy;
}

const jsonOf = (parts: Parts): unknown => (parts.body?.kind === 'json' ? parts.body.value : {});

const RAW_BODIES: readonly { text: string; contentType: string }[] = [
  { text: '{"a":', contentType: 'application/json' },
  { text: '', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: '"text"', contentType: 'application/json' },
  { text: '\u0000', contentType: 'application/json' },
  { text: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
  { text: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { text: '{"id":1}', contentType: 'text/plain' },
  { text: 'id=1&role=1', contentType: 'application/x-www-form-urlencoded' },
  { text: '--x\r\n\r\n', contentType: 'multipart/form-data' },
  { text: '{"id":1}', contentType: 'application/json; charset=utf-16' },
];

function breakBody(): Breaking {
  const placed = (replacement: fc.Arbitrary<unknown>, note: string) =>
    fc.tuple(fc.nat(), replacement).map(([index, value]) => (parts: Parts) => {
      const json = jsonOf(parts);
      const places = placesOf(json);
      const place = places.length ? (places[index % places.length] ?? []) : [];
      return {
        ...parts,
        body: { kind: 'json', value: changedAt(json, place, value) } as FuzzBody,
        hostility: noted(parts, `body ${place.join('.') || '(whole)'} ${note}`),
      };
    });
  return fc.oneof(
    placed(hostileValue, 'set to a hostile value'),
    placed(fc.constant(undefined), 'removed'),
    hostileValue.map((value) => (parts: Parts) => ({
      ...parts,
      body: { kind: 'json', value } as FuzzBody,
      hostility: noted(parts, 'body replaced by a hostile value'),
    })),
    fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue).map(([key, value]) => (parts: Parts) => {
      const json = jsonOf(parts);
      const base = typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {};
      return {
        ...parts,
        body: { kind: 'json', value: { ...base, [key]: value } } as FuzzBody,
        hostility: noted(parts, `body with the extra key ${key.slice(0, 30)}`),
      };
    }),
    fc.constantFrom(...RAW_BODIES).map((raw) => (parts: Parts) => ({
      ...parts,
      body: { kind: 'raw', ...raw } as FuzzBody,
      hostility: noted(
        parts,
        `raw body ${JSON.stringify(raw.text.slice(0, 40))} as ${raw.contentType}`,
      ),
    })),
  );
}

function breakUpload(field: string): Breaking {
  const junk = fc.uint8Array({ maxLength: 64 });
  return fc.oneof(
    fc.tuple(junk, fc.constantFrom(field, 'other', '')).map(([bytes, name]) => (parts: Parts) => ({
      ...parts,
      body: {
        kind: 'form',
        field: name,
        bytes,
        filename: '../../x.png',
        type: 'image/png',
      } as FuzzBody,
      hostility: noted(parts, `form field ${JSON.stringify(name)} with ${bytes.length} junk bytes`),
    })),
    fc.constant((parts: Parts) => ({
      ...parts,
      body: { kind: 'json', value: { [field]: 'x' } } as FuzzBody,
      hostility: noted(parts, 'JSON instead of a form'),
    })),
  );
}

function breakHeaders(): Breaking {
  return fc
    .constantFrom('', 'null', 'a'.repeat(2_000), '../..', 'مفتاح')
    .map((key) => (parts: Parts) => {
      const headers = { ...parts.headers };
      delete headers['idempotency-key'];
      if (key !== '') headers['idempotency-key'] = encodeURIComponent(key);
      return {
        ...parts,
        headers,
        hostility: noted(parts, `idempotency-key ${JSON.stringify(key.slice(0, 20))}`),
      };
    });
}

/** The ways this endpoint's requests can be broken. */
function breakings(endpoint: EndpointDefinition): Breaking[] {
  const ways: Breaking[] = [breakQuery(endpoint.query ? keysOf(endpoint.query) : [])];
  const names = paramNames(endpoint.path);
  if (names.length > 0) ways.push(breakParam(names), breakParam(names));
  if (endpoint.upload) ways.push(breakUpload(endpoint.upload.field));
  else if (hasBody(endpoint) || endpoint.method !== 'GET') ways.push(breakBody(), breakBody());
  if (endpoint.idempotent) ways.push(breakHeaders());
  return ways;
}

/** Hostile requests: a valid request broken in one place, sometimes in two. */
export function hostileRequests(
  endpoint: EndpointDefinition,
  valid: Valid,
): fc.Arbitrary<FuzzRequest> {
  const way = fc.oneof(...breakings(endpoint));
  return fc
    .tuple(validParts(endpoint, valid), way, fc.option(way, { freq: 4 }))
    .map(([parts, first, second]) =>
      toRequest(endpoint, (second ?? ((p: Parts) => p))(first(parts))),
    );
}

/** One line for a report: method, path and query, headers, body (shortened). */
export function describeRequest(request: FuzzRequest): string {
  const query = request.query.length
    ? `?${request.query.map(([k, v]) => `${k}=${JSON.stringify(v.slice(0, 60))}`).join('&')}`
    : '';
  const body = request.body === undefined ? '' : ` body ${describeBody(request.body)}`;
  const headers = Object.keys(request.headers).length
    ? ` headers ${JSON.stringify(request.headers).slice(0, 80)}`
    : '';
  const how = request.hostility ? ` [${request.hostility}]` : ' [valid]';
  return `${request.method} /api/v1${request.path.slice(0, 200)}${query}${headers}${body}${how}`;
}

function describeBody(body: FuzzBody): string {
  if (body.kind === 'form') return `form ${body.field}: ${body.bytes.length} bytes`;
  const text = body.kind === 'raw' ? body.text : (JSON.stringify(body.value) ?? 'undefined');
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}
