import autocannon from "autocannon";
import { summarize } from "./stats.mjs";

/**
 * The Worker's own cost per request (README, "Measured quality", item 3): autocannon against workerd on the same
 * machine, at 1 and at 10 connections. At one connection, 1 / throughput is the whole round trip
 * of one request, which bounds what the request costs the server; the load generator shares the
 * machine's two cores, so the numbers are upper bounds and are reported as medians of `runs` runs.
 *
 * @param {{ url: URL; headers?: Record<string, string> }} target
 * @param {{ connections: number; seconds: number; runs: number }} options
 */
export async function measureThroughput(target, { connections, seconds, runs }) {
  // Warm the isolate and the route's modules first: the first request compiles code.
  await autocannonRun(target, { connections, seconds: 1 });
  const requestsPerSecond = [];
  const p50 = [];
  const p99 = [];
  let errors = 0;
  for (let run = 0; run < runs; run += 1) {
    const result = await autocannonRun(target, { connections, seconds });
    requestsPerSecond.push(result.requests.average);
    p50.push(result.latency.p50);
    p99.push(result.latency.p99);
    errors += result.errors + result.non2xx;
  }
  return { requestsPerSecond: summarize(requestsPerSecond), p50: summarize(p50), p99: summarize(p99), errors };
}

/**
 * @param {{ url: URL; headers?: Record<string, string> }} target
 * @param {{ connections: number; seconds: number }} options
 */
function autocannonRun(target, { connections, seconds }) {
  return autocannon({ url: target.url.href, headers: target.headers ?? {}, connections, duration: seconds, pipelining: 1 });
}
