/**
 * The type of a file, from its first bytes (magic numbers), never from its name or the type a
 * browser declared. PNG, JPEG, GIF, WebP, AVIF (an ISO-BMFF "ftyp" box with an avif/avis brand)
 * and SVG (UTF-8 text whose root element is <svg>); anything else, including executables,
 * archives, HTML and other XML, is null.
 */
import type { ContentType } from "./constants";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const size = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  if (size < 16 || size > bytes.length || size % 4 !== 0) return false;
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes("avif") || brands.includes("avis");
}

/** Where the root element starts in SVG text, or -1: the prolog (XML declaration, comments, doctype) is skipped. */
export function svgRootIndex(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  for (let guard = 0; guard < 1000; guard++) {
    skipSpace();
    if (text.startsWith("<?", i)) {
      const end = text.indexOf("?>", i + 2);
      if (end === -1) return -1;
      i = end + 2;
    } else if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end === -1) return -1;
      i = end + 3;
    } else if (text.startsWith("<!DOCTYPE", i)) {
      // Up to the closing ">", past an internal subset in [...] if there is one.
      const bracket = text.indexOf("[", i);
      const close = text.indexOf(">", i);
      if (close === -1) return -1;
      if (bracket !== -1 && bracket < close) {
        const end = text.indexOf("]", bracket);
        const after = end === -1 ? -1 : text.indexOf(">", end);
        if (after === -1) return -1;
        i = after + 1;
      } else i = close + 1;
    } else break;
  }
  return /^<svg[\s/>]/.test(text.slice(i, i + 5)) ? i : -1;
}

/** The text of a file if it is UTF-8 (or ASCII) without NUL bytes, else null. */
export function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function detectContentType(bytes: Uint8Array): ContentType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "image/gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (isAvif(bytes)) return "image/avif";
  // Text: only SVG. Cheap first test on the start before decoding the whole file.
  const head = bytes.subarray(0, 1);
  if (head.length && (head[0] === 0x3c || head[0] === 0xef || /\s/.test(String.fromCharCode(head[0])))) {
    const text = utf8Text(bytes);
    if (text !== null && svgRootIndex(text) !== -1) return "image/svg+xml";
  }
  return null;
}
