import { chromium } from "playwright-core";
import { systemChromiumPath } from "../chromium-path.mjs";

const CREDENTIAL = "#app/features/card/member-credential.ts";
const CLUB_KEY = "#worker/features/card/club-card-key.ts";

/**
 * The door's verify time on the device (docs/product-rules.md#door, "within 100 ms of a scan"):
 * the door page in Chromium, signed in as door staff, its list synced; `scans` live codes of the
 * demo member's card are handed one after the other to the function the camera scanner calls
 * (the page's `door:decoded` event), and each is timed by the page's own performance marks, from
 * the decoded text to the frame that shows the verdict ("door-verify" measures).
 *
 * The codes are made here as a member's phone makes them: a device key certified with the club's
 * local development key (the bench server runs without CARD_SIGNING_KEY), signing the time.
 * @param {{ origin: URL; cookie: string; memberName: string; scans?: number }} options
 */
export async function measureDoorVerify({ origin, cookie, memberName, scans = 200 }) {
  // The app's own credential code, loaded by name: this bench script is type-checked apart from the
  // app (tsconfig.node.json), and Node runs the TypeScript as it is.
  const { generateDeviceKey, exportDevicePublicKey, issueCertificate, makeCardCode } = await import(CREDENTIAL);
  const { clubCardPrivateKey } = await import(CLUB_KEY);
  // The list as the door receives it, signed (app/features/door/signed-list.ts): only its members are read here.
  const signed = await (await fetch(new URL("/door/list", origin), { headers: { Cookie: cookie } })).json();
  const list = JSON.parse(signed.list);
  const member = list.members.find((/** @type {{ name: string }} */ entry) => entry.name === memberName);
  if (!member) throw new Error(`${memberName} is not on the door's list`);
  const env = {
    ENVIRONMENT: "development",
    SITE_URL: origin.origin,
    CONCIERGE_EMAIL: "concierge@example.com",
    EMAIL_FROM: "club@example.com",
  };
  const device = await generateDeviceKey();
  const now = Math.floor(Date.now() / 1000);
  const certificate = await issueCertificate(await clubCardPrivateKey(/** @type {any} */ (env)), {
    cardId: crypto.randomUUID(),
    memberId: member.id,
    expiresAt: now + 86_400,
    devicePublicKey: await exportDevicePublicKey(device.publicKey),
  });
  const codes = [];
  for (let index = 0; index < scans; index += 1) codes.push(await makeCardCode(device.privateKey, certificate, now - (index % 30)));

  const browser = await chromium.launch({
    executablePath: systemChromiumPath() ?? undefined,
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    await context.addCookies(
      cookie.split(/;\s*/).map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: origin.origin };
      }),
    );
    await context.addInitScript(() => localStorage.setItem("door-lounge", "business"));
    const page = await context.newPage();
    await page.goto(new URL("/door", origin).href);
    await page.getByText(/^List synced /).waitFor();
    // The scan button is enabled once the club's key is imported from the list.
    await page.getByRole("button", { name: "Scan cards" }).and(page.locator(":enabled")).waitFor();
    const durations = await page.evaluate(async (all) => {
      for (const code of all) {
        const before = performance.getEntriesByName("door-verify").length;
        globalThis.dispatchEvent(new CustomEvent("door:decoded", { detail: code }));
        await new Promise((resolve) => {
          const check = () =>
            performance.getEntriesByName("door-verify").length > before ? resolve(null) : globalThis.requestAnimationFrame(check);
          check();
        });
      }
      return performance.getEntriesByName("door-verify").map((entry) => entry.duration);
    }, codes);
    const admitted = await page.getByTestId("door-verdict").getAttribute("data-verdict");
    if (admitted !== "admit") throw new Error(`the door did not admit the bench's card: ${admitted}`);
    return { scans: durations.length, ...percentiles(durations) };
  } finally {
    await browser.close();
  }
}

/** @param {number[]} values */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ share) =>
    /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}
