import { createHmac, randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { keyedHasher } from "./visitor-hash";

it("is HMAC-SHA256, for short and long messages and any characters, one after another", () => {
  const key = randomBytes(32);
  const hasher = keyedHasher(key);
  const messages = [
    "",
    "a",
    "www.amanzi.example\n203.0.113.9\nMozilla/5.0 ☃",
    "x".repeat(5000),
    "b",
  ];
  for (const message of messages) {
    expect(hasher(message)).toBe(createHmac("sha256", key).update(message).digest("base64url"));
  }
  expect(keyedHasher(randomBytes(32))("a")).not.toBe(hasher("a"));
});
