import { expect, it } from "vitest";
import { sampleEnquiry } from "../../tests/support/sample-enquiry";
import type { EnquiryWithDelivery } from "../store/enquiry-store";
import { enquiriesAsCsv, enquiriesAsTable } from "./listing";

const job = {
  status: "pending" as const,
  attempts: 2,
  nextAttemptAt: null,
  deliveredAt: null,
  lastError: null,
};
const enquiry: EnquiryWithDelivery = {
  id: "id-1",
  receivedAt: "2026-11-22T00:00:00.000Z",
  status: "accepted",
  heldReason: null,
  ...sampleEnquiry({
    name: '=HYPERLINK("http://evil.example")',
    phone: "0123456789",
    email: "a@example.com",
    enquiryType: "other",
    message: 'Two lines,\nand "quotes"',
    companyName: null,
  }),
  delivery: {
    status: "pending",
    channels: [
      {
        ...job,
        channel: "mail",
        status: "delivered",
        attempts: 1,
        deliveredAt: "2026-11-22T00:01:00.000Z",
      },
      { ...job, channel: "webhook" },
    ],
  },
};

it("quotes CSV cells and keeps visitor text from turning into spreadsheet formulas", () => {
  const [header, row] = enquiriesAsCsv([enquiry]).split("\r\n");
  expect(header).toBe(
    "id,received_at,name,phone,email,enquiry_type,message,company_name,delivery_status,held_reason," +
      ["mail", "webhook", "acknowledgement"]
        .map(
          (c) => `${c}_status,${c}_attempts,${c}_delivered_at,${c}_next_attempt_at,${c}_last_error`,
        )
        .join(","),
  );
  expect(row).toBe(
    `id-1,2026-11-22T00:00:00.000Z,"'=HYPERLINK(""http://evil.example"")",0123456789,a@example.com,other,"Two lines,\nand ""quotes""",,pending,,` +
      "delivered,1,2026-11-22T00:01:00.000Z,,,pending,2,,,,,,,,",
  );
});

it("lists enquiries as a table with a delivery summary", () => {
  const table = enquiriesAsTable([
    enquiry,
    { ...enquiry, id: "id-2", delivery: { status: "delivered", channels: [] } },
  ]);
  expect(table.split("\n")[0]).toMatch(
    /^received\s+id\s+type\s+delivery\s+channels \(attempts\)\s+name\s+email$/,
  );
  expect(table).toContain("mail:delivered(1) webhook:pending(2)");
  expect(table).toContain("id-2");
  expect(table).toContain("2 enquiries, 1 awaiting delivery.");
  expect(enquiriesAsTable([])).toBe("No enquiries stored.");
});
