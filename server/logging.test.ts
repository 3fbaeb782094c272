import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { pino } from "pino";
import { expect, it, vi } from "vitest";
import { loggerOptions } from "./logging";

/** A stream that keeps what it is given and says whether it is a terminal. */
function capture(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString("utf8"));
        callback();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => stripVTControlCharacters(chunks.join("")) };
}

async function logOneEntry(isTTY: boolean) {
  const { stream, text } = capture(isTTY);
  const { stream: destination, ...options } = loggerOptions({ logLevel: "info" }, stream);
  const log = pino(options, destination);
  log.info({ enquiryId: "e-1", enquiry: { email: "thandi@example.co.za" } }, "enquiry stored");
  return vi.waitFor(() => {
    if (!text().endsWith("\n")) throw new Error("no whole entry yet");
    return text();
  });
}

it("writes one readable line per entry to a terminal, JSON elsewhere, personal data redacted", async () => {
  const readable = await logOneEntry(true);
  expect(readable.trimEnd().split("\n")).toHaveLength(1);
  expect(readable).toMatch(/INFO.*enquiry stored/);
  expect(readable).toContain("e-1");
  expect(readable).not.toContain("thandi@example.co.za");
  expect(() => JSON.parse(readable)).toThrow();

  const entry = JSON.parse(await logOneEntry(false));
  expect(entry).toMatchObject({ level: 30, msg: "enquiry stored", enquiryId: "e-1" });
  expect(entry.enquiry.email).toBe("[redacted]");
});
