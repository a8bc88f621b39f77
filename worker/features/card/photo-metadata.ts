import { concatBytes } from "#app/lib/bytes.ts";

/**
 * A member's photo without what a camera writes beside the picture (docs/security.md#member-card):
 * the GPS position, the camera, the time. The member page's browser step re-encodes the photo
 * already, but the server does not trust the browser, and without JavaScript the file comes as the
 * phone wrote it. Byte surgery on the file's own structure, no decoding, so it costs next to
 * nothing; the picture's data is copied as it is:
 * - JPEG: the APP1 (EXIF, XMP), APP13 (IPTC) and comment segments before the image data go;
 * - PNG: the eXIf chunk and the text chunks (tEXt, zTXt, iTXt) go;
 * - WebP: the EXIF and XMP chunks go, and the header's flags and size follow.
 * The EXIF also held the camera's orientation, so a photo sent without JavaScript may show on its
 * side (the browser step draws it upright first). A file whose structure does not read to its end
 * is null: the caller refuses it rather than store what it could not clean.
 */
export function withoutPhotoMetadata(bytes: Uint8Array, type: string): Uint8Array | null {
  if (type === "image/jpeg") return jpegWithout(bytes);
  if (type === "image/png") return pngWithout(bytes);
  if (type === "image/webp") return webpWithout(bytes);
  return null;
}

const JPEG_DROPPED = new Set([0xe1, 0xed, 0xfe]);
const JPEG_START_OF_SCAN = 0xda;

function jpegWithout(bytes: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes: any number of 0xFF may come before a marker.
    while (bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1];
    if (marker === undefined || at + 4 > bytes.length) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) return null;
    // From the start of the scan on it is the picture itself: kept whole.
    if (marker === JPEG_START_OF_SCAN) return concatBytes(...kept, bytes.subarray(at));
    if (!JPEG_DROPPED.has(marker)) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return null;
}

const PNG_DROPPED = new Set(["eXIf", "tEXt", "zTXt", "iTXt"]);

function pngWithout(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) return null;
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return concatBytes(...kept);
  }
  return null;
}

const WEBP_DROPPED = new Set(["EXIF", "XMP "]);
/** VP8X's flags: bit 3 says an EXIF chunk follows, bit 2 an XMP one. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function webpWithout(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) return null;
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return null;
    const fourcc = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    // Chunks are padded to an even length.
    const end = at + 8 + size + (size % 2);
    if (end > bytes.length) return null;
    if (!WEBP_DROPPED.has(fourcc)) {
      const chunk = bytes.slice(at, end);
      if (fourcc === "VP8X" && size > 0) chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      kept.push(chunk);
    }
    at = end;
  }
  const body = concatBytes(...kept);
  const file = new Uint8Array(12 + body.length);
  file.set(bytes.subarray(0, 12));
  new DataView(file.buffer).setUint32(4, 4 + body.length, true);
  file.set(body, 12);
  return file;
}
