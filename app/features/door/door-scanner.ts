/**
 * The door's camera scanner (docs/product-rules.md#door): the rear camera through getUserMedia;
 * frames decoded by the browser's BarcodeDetector where it reads QR codes, otherwise by jsqr,
 * loaded only here and only then (a dynamic import: no other page carries it).
 */
export type DecoderKind = "barcode-detector" | "jsqr";

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** Which decoder this browser gets: BarcodeDetector only when it exists and reads qr_code. */
export async function chooseDecoder(scope: object = globalThis): Promise<DecoderKind> {
  if (!("BarcodeDetector" in scope)) return "jsqr";
  try {
    const detector = (scope as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
    return (await detector.getSupportedFormats()).includes("qr_code") ? "barcode-detector" : "jsqr";
  } catch {
    return "jsqr";
  }
}

/** A function reading the QR code in a frame drawn on `canvas`, or null when it holds none. */
export type FrameDecoder = (canvas: HTMLCanvasElement) => Promise<string | null>;

export async function makeDecoder(kind: DecoderKind): Promise<FrameDecoder> {
  if (kind === "barcode-detector") {
    const Detector = (globalThis as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
    const detector = new Detector({ formats: ["qr_code"] });
    return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  return async (canvas) => {
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

export interface Scanner {
  stop(): void;
}

/**
 * Starts the rear camera on `video` and decodes a frame every `intervalMs`, calling `onCode` with
 * each code read (the same code again only after `repeatAfterMs`, so one card held up is one scan).
 */
export async function startScanner(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
  { intervalMs = 120, repeatAfterMs = 4000 }: { intervalMs?: number; repeatAfterMs?: number } = {},
): Promise<Scanner> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  const decode = await makeDecoder(await chooseDecoder());
  const canvas = document.createElement("canvas");
  let stopped = false;
  let last = { text: "", at: 0 };
  const tick = async () => {
    if (stopped) return;
    if (video.videoWidth > 0) {
      // Decoded at most 640 pixels wide: enough for a phone's QR held up to the tablet, and quick.
      const scale = Math.min(1, 640 / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      canvas.getContext("2d", { willReadFrequently: true })?.drawImage(video, 0, 0, canvas.width, canvas.height);
      const text = await decode(canvas).catch(() => null);
      const now = performance.now();
      if (text && (text !== last.text || now - last.at > repeatAfterMs)) {
        last = { text, at: now };
        onCode(text);
      }
    }
    if (!stopped) setTimeout(() => void tick(), intervalMs);
  };
  void tick();
  return {
    stop() {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
