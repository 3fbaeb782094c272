import { describe, expect, it } from "vitest";
import { acceptedEncodings, encodingRanker } from "./accept-encoding";

describe("acceptedEncodings", () => {
  it.each([
    [undefined, ["identity"]],
    ["", ["identity"]],
    ["gzip, deflate, br, zstd", ["br", "gzip", "identity"]],
    ["gzip", ["gzip", "identity"]],
    ["x-gzip", ["gzip", "identity"]],
    ["GZIP, BR", ["br", "gzip", "identity"]],
    ["br;q=0.5, gzip;q=0.8", ["gzip", "br", "identity"]],
    ["br;q=0.5, gzip;q=0.8, identity;q=0.1", ["gzip", "br", "identity"]],
    ["gzip;q=0, br", ["br", "identity"]],
    ["br;q=0.2, identity;q=0.9", ["identity", "br"]],
    ["*", ["br", "gzip", "identity"]],
    ["*;q=0.5, gzip", ["gzip", "br", "identity"]],
    ["gzip, identity;q=0", ["gzip"]],
    ["*;q=0", []],
    ["br;q=nonsense, gzip", ["gzip", "identity"]],
    ["deflate", ["identity"]],
  ] as const)("ranks %j as %j", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe("encodingRanker", () => {
  it("answers the same as acceptedEncodings, from a bounded cache", () => {
    const rank = encodingRanker();
    for (let i = 0; i < 1000; i++) {
      const header = `gzip;q=0.${i % 10}, br;q=0.${(i * 7) % 10}, x-${i}`;
      expect(rank(header)).toEqual(acceptedEncodings(header));
    }
    expect(rank("gzip")).toBe(rank("gzip"));
  });
});
