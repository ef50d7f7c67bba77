/** UTF-8 safe base64 helpers built on the browser's `btoa`/`atob` (no Node-only APIs). */

const CHUNK = 0x8000;

/** Base64 of the UTF-8 bytes of `text` (plain `btoa` throws on non-Latin-1 characters). */
export function encodeBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Decodes base64 or base64url (padding optional) into UTF-8 text; throws on malformed input. */
export function decodeBase64Utf8(input: string): string {
  let b64 = input.replace(/-/g, '+').replace(/_/g, '/');
  b64 += '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
