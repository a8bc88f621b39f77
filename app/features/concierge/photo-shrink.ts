/**
 * The member page's photo, made smaller and stripped in the browser before upload
 * (docs/product-rules.md#members): drawn on a canvas and encoded again as JPEG, which keeps the
 * picture (upright: the camera's orientation applied) and drops everything else a phone writes
 * into the file, its EXIF with the GPS position, the camera and the time. Loaded by the member
 * page alone. Without JavaScript, or when the browser cannot read the file, the photo goes as
 * chosen and the server checks it (its first bytes, and 2 MB).
 */

/** The long edge sent, in pixels: the card and the door show the photo far smaller; this is sharp on any screen. */
export const PHOTO_LONG_EDGE = 1200;
const JPEG_QUALITY = 0.85;

/** The size to draw a `width` × `height` picture at: its long edge at most `longEdge`, never enlarged. */
export function shrunkSize(width: number, height: number, longEdge: number = PHOTO_LONG_EDGE): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file's name as a JPEG: "IMG_0042.HEIC" becomes "IMG_0042.jpg". */
export function jpegName(name: string): string {
  return `${name.replace(/\.[^./\\]*$/, "") || "photo"}.jpg`;
}

/** The photo redrawn as a JPEG, or null when this browser cannot decode it (the original then goes as chosen). */
export async function shrinkPhoto(file: File): Promise<File | null> {
  if (typeof createImageBitmap !== "function") return null;
  let picture: ImageBitmap;
  try {
    picture = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  const size = shrunkSize(picture.width, picture.height);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  // A transparent PNG's clear parts would be black in a JPEG.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(picture, 0, 0, size.width, size.height);
  picture.close();
  const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  return jpeg ? new File([jpeg], jpegName(file.name), { type: "image/jpeg" }) : null;
}
