import { describe, expect, it } from "vitest";
import { jpegName, PHOTO_LONG_EDGE, shrinkPhoto, shrunkSize } from "#app/features/concierge/photo-shrink.ts";

/** The member page's photo step before upload (docs/product-rules.md#members): the size it draws at, and its name. */
describe("the photo's shrinking before upload", () => {
  it("brings a phone photo's long edge down to the limit, keeping its shape, in either orientation", () => {
    expect(shrunkSize(4032, 3024)).toEqual({ width: PHOTO_LONG_EDGE, height: 900 });
    expect(shrunkSize(3024, 4032)).toEqual({ width: 900, height: PHOTO_LONG_EDGE });
  });

  it("never enlarges a small photo, and never draws at zero pixels", () => {
    expect(shrunkSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(shrunkSize(100_000, 10)).toEqual({ width: PHOTO_LONG_EDGE, height: 1 });
  });

  it("names the result as the JPEG it is", () => {
    expect(jpegName("IMG_0042.HEIC")).toBe("IMG_0042.jpg");
    expect(jpegName("portrait.final.png")).toBe("portrait.final.jpg");
    expect(jpegName("no-extension")).toBe("no-extension.jpg");
    expect(jpegName(".png")).toBe("photo.jpg");
  });

  it("hands back nothing where the browser cannot decode pictures, so the photo goes as chosen", async () => {
    // Node has no createImageBitmap, as a browser without it: the form then sends the original.
    expect(await shrinkPhoto(new File([new Uint8Array([0xff, 0xd8, 0xff])], "me.jpg"))).toBeNull();
  });
});
