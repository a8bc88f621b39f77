import { describe, expect, it } from "vitest";
import { withoutPhotoMetadata } from "#worker/features/card/photo-metadata.ts";

/** The server's own removal of a photo's metadata (docs/security.md#member-card), on hand-made files of each format. */
const ascii = (text: string) => [...new TextEncoder().encode(text)];
const bytes = (...parts: number[][]) => new Uint8Array(parts.flat());
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

describe("a photo's metadata", () => {
  it("goes from a JPEG: EXIF, IPTC and comments, while the JFIF segment, the tables and the scan stay byte for byte", () => {
    const segment = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body];
    const jfif = segment(0xe0, ascii("JFIF\0"));
    const quantisation = segment(0xdb, [0, 1, 2, 3]);
    const scan = [0xff, 0xda, 0, 2, 9, 8, 0xff, 0, 7, 0xff, 0xd9];
    const photo = bytes(
      [0xff, 0xd8],
      jfif,
      segment(0xe1, ascii("Exif\0\0GPS 45.5152N")),
      // Fill bytes before a marker are allowed.
      [0xff],
      segment(0xed, ascii("Photoshop 3.0 IPTC")),
      segment(0xfe, ascii("taken at home")),
      quantisation,
      scan,
    );
    expect(withoutPhotoMetadata(photo, "image/jpeg")).toEqual(bytes([0xff, 0xd8], jfif, quantisation, scan));
  });

  it("goes from a PNG: eXIf and text chunks, while the image chunks stay", () => {
    const chunk = (type: string, body: number[]) => [...be32(body.length), ...ascii(type), ...body, 0, 0, 0, 0];
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const header = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
    const data = chunk("IDAT", [1, 2, 3]);
    const end = chunk("IEND", []);
    const photo = bytes(
      signature,
      header,
      chunk("eXIf", ascii("MM\0*GPS")),
      chunk("tEXt", ascii("Comment\0home")),
      data,
      chunk("iTXt", ascii("XMP")),
      end,
    );
    expect(withoutPhotoMetadata(photo, "image/png")).toEqual(bytes(signature, header, data, end));
  });

  it("goes from a WebP: the EXIF and XMP chunks, with the header's flags and size put right", () => {
    const chunk = (fourcc: string, body: number[]) => [...ascii(fourcc), ...le32(body.length), ...body, ...(body.length % 2 ? [0] : [])];
    const riff = (body: number[]) => [...ascii("RIFF"), ...le32(4 + body.length), ...ascii("WEBP"), ...body];
    const vp8x = (flags: number) => chunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const image = chunk("VP8 ", [1, 2, 3]);
    const photo = bytes(
      riff([...vp8x(0x08 | 0x04 | 0x10), ...image, ...chunk("EXIF", ascii("MM\0*GPS")), ...chunk("XMP ", ascii("<x/>"))]),
    );
    expect(withoutPhotoMetadata(photo, "image/webp")).toEqual(bytes(riff([...vp8x(0x10), ...image])));
  });

  it("is not guessed at in a file that does not read through: the caller refuses it", () => {
    expect(withoutPhotoMetadata(bytes([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), "image/jpeg")).toBeNull();
    expect(withoutPhotoMetadata(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "image/png")).toBeNull();
    expect(withoutPhotoMetadata(bytes(ascii("RIFF"), le32(100), ascii("WEBPVP8 "), le32(90)), "image/webp")).toBeNull();
    // One without metadata comes back as it was.
    const plain = bytes([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 0xff, 0xd9]);
    expect(withoutPhotoMetadata(plain, "image/jpeg")).toEqual(plain);
  });
});
