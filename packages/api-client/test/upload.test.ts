import { STORAGE_KEYS } from '@talaqa/domain';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ContractViolation,
  NetworkError,
  createApiClient,
  createMemoryStorage,
} from '../src/index';
import type { XhrLike, XhrProgressEventLike } from '../src/index';
import { getUpload, postVideo, putImage, putTutorImage } from './contracts';
import { NOW_MS, fakeFetch, json, jwtFor } from './helpers';

/** A scripted XMLHttpRequest: the test drives progress, answer, failure and abort. */
class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: XhrLike['upload'] = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    const event: XhrProgressEventLike = { loaded, total, lengthComputable };
    this.upload.onprogress?.(event);
  }
  respond(status: number, body: unknown, statusText = '') {
    this.upload.onload?.();
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function setup(token: string | null = jwtFor(1), validateResponses = false) {
  const storage = createMemoryStorage();
  if (token)
    storage.setItem(STORAGE_KEYS.authToken, JSON.stringify({ type: 'Bearer', value: token }));
  const xhrs: FakeXhr[] = [];
  const { fetch } = fakeFetch(() => json({ token }));
  let invalid = 0;
  const client = createApiClient({
    baseUrl: 'http://api.test',
    storage,
    sessionStorage: createMemoryStorage(),
    fetch,
    now: () => NOW_MS,
    onSessionInvalid: () => invalid++,
    validateResponses,
    createXhr: () => {
      const xhr = new FakeXhr();
      xhrs.push(xhr);
      return xhr;
    },
  });
  /** The XHR once the upload has been sent (after the session refresh). */
  const sent = async () => {
    for (let i = 0; i < 50 && !xhrs[0]?.body; i++) await new Promise((r) => setTimeout(r, 1));
    const xhr = xhrs[0];
    if (!xhr) throw new Error('no XHR was sent');
    return xhr;
  };
  return { client, xhrs, sent, invalidCount: () => invalid };
}

function imageForm(): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(1000)], { type: 'image/png' }), 'me.png');
  return form;
}

describe('upload with progress', () => {
  it('reports progress fractions, sends auth and credentials, resolves the JSON answer', async () => {
    const token = jwtFor(1);
    const { client, sent } = setup(token);
    const fractions: number[] = [];
    const form = imageForm();
    const pending = client.uploadTo(putImage, form, {
      query: { forUser: 12 },
      idempotencyKey: 'up-1',
      onProgress: (fraction) => fractions.push(fraction),
    });
    const xhr = await sent();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('http://api.test/api/v1/user/asset?forUser=12');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.authorization).toBe(`Bearer ${token}`);
    expect(xhr.headers.accept).toBe('application/json');
    expect(xhr.headers['idempotency-key']).toBe('up-1');
    expect(xhr.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(xhr.body).toBe(form);

    xhr.progress(0, 1000, false); // unknown length: not reported
    xhr.progress(250, 1000);
    xhr.progress(500, 1000);
    xhr.progress(500, 1000); // unchanged: not repeated
    xhr.respond(200, { image: 'me.png' });
    await expect(pending).resolves.toEqual({ image: 'me.png' });
    expect(fractions).toEqual([0.25, 0.5, 1]);
  });

  it("takes the contract's method; a contract naming GET still uploads with POST", async () => {
    const { client, sent } = setup();
    const pending = client.uploadTo(postVideo, imageForm());
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://api.test/api/v1/intro-video/with/asset');
    xhr.respond(201, { id: 3 });
    await expect(pending).resolves.toEqual({ id: 3 });

    const odd = setup();
    const other = odd.client.uploadTo(getUpload, imageForm());
    const oddXhr = await odd.sent();
    expect(oddXhr.method).toBe('POST');
    oddXhr.respond(200, {});
    await expect(other).resolves.toEqual({});
  });

  it('maps error answers like fetch does, 401 included', async () => {
    const { client, sent, invalidCount } = setup();
    const pending = client.uploadTo(putImage, imageForm());
    (await sent()).respond(413, { code: 'large-file-size', message: 'too big' });
    await expect(pending).rejects.toMatchObject({ code: 'large-file-size', status: 413 });

    const second = setup();
    const unauth = second.client.uploadTo(putImage, imageForm());
    (await second.sent()).respond(401, '');
    const error = await unauth.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(second.invalidCount()).toBe(1);
    expect(second.client.tokens.get()).toBeNull();
    expect(invalidCount()).toBe(0);
  });

  it('a transport failure is a NetworkError', async () => {
    const { client, sent } = setup();
    const pending = client.uploadTo(putImage, imageForm());
    (await sent()).onerror?.();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network Error');
  });

  it('cancels through the signal: the XHR is aborted and the AbortError rethrown', async () => {
    const { client, sent } = setup();
    const controller = new AbortController();
    const pending = client.uploadTo(putTutorImage, imageForm(), {
      params: { id: 9 },
      signal: controller.signal,
    });
    const xhr = await sent();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('http://api.test/api/v1/user/asset/tutor/9');
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(xhr.aborted).toBe(true);
    expect((error as Error).name).toBe('AbortError');
  });

  it('an upload to a signed-in endpoint without a token never opens an XHR', async () => {
    const { client, xhrs, invalidCount } = setup(null);
    await expect(client.uploadTo(putImage, imageForm())).rejects.toMatchObject({
      code: 'unauthenticated',
      status: 401,
    });
    expect(xhrs).toHaveLength(0);
    expect(invalidCount()).toBe(1);
  });

  it('with validateResponses, an answer the contract does not declare is refused', async () => {
    const { client, sent } = setup(jwtFor(1), true);
    const pending = client.uploadTo(putImage, imageForm());
    (await sent()).respond(200, { image: 42 });
    await expect(pending).rejects.toBeInstanceOf(ContractViolation);
  });
});
