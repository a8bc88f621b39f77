import { describe, expect, it } from "vitest";
import { clientAddress, clientNetwork, hashClientAddress, widerNetwork } from "#worker/shared/client-address.ts";

const requestFrom = (headers: Record<string, string>) => new Request("https://club.example/", { headers });

describe("clientAddress", () => {
  it("reads CF-Connecting-IP and ignores X-Forwarded-For", () => {
    expect(clientAddress(requestFrom({ "CF-Connecting-IP": "203.0.113.7", "X-Forwarded-For": "198.51.100.1" }))).toBe("203.0.113.7");
    expect(clientAddress(requestFrom({ "X-Forwarded-For": "198.51.100.1" }))).toBeNull();
  });

  it("keeps an IPv6 address whole (Google's siteverify wants the real address)", () => {
    expect(clientAddress(requestFrom({ "CF-Connecting-IP": "2001:db8::1" }))).toBe("2001:db8::1");
  });
});

describe("clientNetwork", () => {
  it("is the IPv4 address itself", () => {
    expect(clientNetwork(requestFrom({ "CF-Connecting-IP": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientNetwork(requestFrom({}))).toBeNull();
  });

  it("collapses IPv6 addresses to their /64", () => {
    expect(clientNetwork(requestFrom({ "CF-Connecting-IP": "2001:db8:85a3:8d3:1319:8a2e:370:7348" }))).toBe("2001:0db8:85a3:08d3::/64");
    expect(clientNetwork(requestFrom({ "CF-Connecting-IP": "2001:db8::1" }))).toBe("2001:0db8:0000:0000::/64");
    expect(clientNetwork(requestFrom({ "CF-Connecting-IP": "2001:DB8:0:0:ffff::2" }))).toBe(
      clientNetwork(requestFrom({ "CF-Connecting-IP": "2001:db8::abcd" })),
    );
  });
});

describe("widerNetwork", () => {
  it("is the /48 around an IPv6 /64, the block one subscriber is usually given", () => {
    expect(widerNetwork("2001:0db8:85a3:08d3::/64")).toBe("2001:0db8:85a3::/48");
    expect(widerNetwork(clientNetwork(requestFrom({ "CF-Connecting-IP": "2001:db8:85a3:ffff::1" }))!)).toBe("2001:0db8:85a3::/48");
  });

  it("is null for an IPv4 address and for a request without one", () => {
    expect(widerNetwork("203.0.113.7")).toBeNull();
    expect(widerNetwork("unknown")).toBeNull();
  });
});

describe("hashClientAddress", () => {
  it("is stable for one key, differs across keys, and never contains the address", async () => {
    const first = await hashClientAddress("203.0.113.7", "key-one");
    expect(await hashClientAddress("203.0.113.7", "key-one")).toBe(first);
    expect(await hashClientAddress("203.0.113.7", "key-two")).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });
});
