import { expect, it } from "vitest";
import { enquiriesAsCsv, enquiriesAsTable } from "./enquiry-listing";

const enquiry = {
  id: "id-1",
  receivedAt: "2026-11-22T00:00:00.000Z",
  name: '=HYPERLINK("http://evil.example")',
  phone: "0123456789",
  email: "a@example.com",
  enquiryType: "other" as const,
  message: 'Two lines,\nand "quotes"',
  delivery: {
    status: "pending" as const,
    attempts: 2,
    nextAttemptAt: null,
    deliveredAt: null,
    lastError: null,
  },
};

it("quotes CSV cells and keeps visitor text from turning into spreadsheet formulas", () => {
  const [header, row] = enquiriesAsCsv([enquiry]).split("\r\n");
  expect(header).toMatch(/^id,received_at,name,phone,email,enquiry_type,message,delivery_status/);
  expect(row).toBe(
    `id-1,2026-11-22T00:00:00.000Z,"'=HYPERLINK(""http://evil.example"")",0123456789,a@example.com,other,"Two lines,\nand ""quotes""",pending,2,,,`,
  );
});

it("lists enquiries as a table with a delivery summary", () => {
  const table = enquiriesAsTable([
    enquiry,
    { ...enquiry, id: "id-2", delivery: { ...enquiry.delivery, status: "delivered" } },
  ]);
  expect(table.split("\n")[0]).toMatch(
    /^received\s+id\s+type\s+delivery\s+attempts\s+name\s+email$/,
  );
  expect(table).toContain("id-2");
  expect(table).toContain("2 enquiries, 1 awaiting delivery.");
  expect(enquiriesAsTable([])).toBe("No enquiries stored.");
});
