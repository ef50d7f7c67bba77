/**
 * Sends a fuzz request over plain node:http, which (unlike fetch) sends the path exactly as given:
 * `..`, `%2e%2e` and broken escapes reach the server instead of being normalised by the client.
 */
import { request as httpRequest } from 'node:http';
import type { FuzzBody, FuzzRequest } from './requests';

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** Longer than any route should take; a request still open then is reported as hanging. */
const TIMEOUT_MS = 15_000;

async function encodedBody(body: FuzzBody | undefined): Promise<{ bytes?: Buffer; type?: string }> {
  if (body === undefined) return {};
  if (body.kind === 'raw') return { bytes: Buffer.from(body.text), type: body.contentType };
  if (body.kind === 'json') {
    const text = JSON.stringify(body.value);
    return text === undefined ? {} : { bytes: Buffer.from(text), type: 'application/json' };
  }
  const form = new FormData();
  form.append(body.field, new Blob([body.bytes], { type: body.type }), body.filename);
  // The platform's own multipart encoding, boundary included.
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? undefined,
  };
}

export async function send(
  baseUrl: string,
  fuzz: FuzzRequest,
  token: string | null,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const { bytes, type } = await encodedBody(fuzz.body);
  const query = fuzz.query.length ? `?${new URLSearchParams(fuzz.query).toString()}` : '';
  const headers: Record<string, string> = { ...fuzz.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (type) headers['content-type'] = type;
  if (bytes) headers['content-length'] = String(bytes.length);
  return new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname, port, method: fuzz.method, path: `/api/v1${fuzz.path}${query}`, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error('no answer in time')));
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
}
