import { expect, it } from "vitest";
import { loadConfig } from "../config";
import { retryDelayMs } from "./delivery-worker";

it("retries first within 10 s, doubling up to a 10 minute cap, by default", () => {
  const { retry } = loadConfig({});
  const delays = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1, retry));
  expect(delays[0]).toBeLessThanOrEqual(10_000);
  expect(delays[1]).toBe(2 * (delays[0] ?? 0));
  expect(Math.max(...delays)).toBe(600_000);
  expect(retryDelayMs(10_000, retry)).toBe(600_000);
});
