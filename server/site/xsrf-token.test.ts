import type { FastifyRequest } from "fastify";
import { expect, it } from "vitest";
import { newXsrfCookie } from "./xsrf-token";

const firstVisit = { cookies: {}, protocol: "http" } as unknown as FastifyRequest;

it("hands out a different 256-bit token every time, across blocks of random bytes", () => {
  const tokens = new Set<string>();
  for (let i = 0; i < 1000; i++) {
    const token = /^XSRF-TOKEN=([\w-]+);/.exec(newXsrfCookie(firstVisit) ?? "")?.[1] ?? "";
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    tokens.add(token);
  }
  expect(tokens.size).toBe(1000);
});
