// Host functions offered to scripts. Each takes strings and returns a string, so nothing of the host (no
// object, no prototype, no callback) is ever handed to the guest. Pure JS (@noble/hashes), so the same code runs
// in Node and in a browser Web Worker.
import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Longest string a helper accepts: hashing is not interruptible, so its input is bounded. */
export const HELPER_INPUT_MAX = 1024 * 1024;

const hashes = { md5, sha1, sha256, sha512 } as const;
type HashName = keyof typeof hashes;

function hashOf(name: string): (typeof hashes)[HashName] {
  const key = name.toLowerCase().replace('-', '') as HashName;
  const hash = hashes[key];
  if (!hash) throw new Error(`Unknown hash algorithm: ${name} (use md5, sha1, sha256 or sha512)`);
  return hash;
}

function base64Encode(text: string): string {
  let binary = '';
  for (const byte of utf8ToBytes(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64Decode(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Name → implementation; every argument is a string, checked by the caller. */
export const HOST_HELPERS: Record<string, (...args: string[]) => string> = {
  md5: (text) => bytesToHex(md5(utf8ToBytes(text))),
  sha1: (text) => bytesToHex(sha1(utf8ToBytes(text))),
  sha256: (text) => bytesToHex(sha256(utf8ToBytes(text))),
  sha512: (text) => bytesToHex(sha512(utf8ToBytes(text))),
  hmac: (algorithm, key, message) =>
    bytesToHex(hmac(hashOf(algorithm), utf8ToBytes(key), utf8ToBytes(message))),
  base64Encode,
  base64Decode,
  uuid: () => crypto.randomUUID(),
};
