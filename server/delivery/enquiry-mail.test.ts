import { expect, it } from "vitest";
import { composeEnquiryMail } from "./enquiry-mail";

const enquiry = {
  id: "0f8c2a4e-1111-4222-8333-944455556666",
  receivedAt: "2026-11-22T00:00:00.000Z",
  name: "Sipho\u2028Mokoena\r\n<i>",
  phone: "0123456789",
  email: "sipho@example.co.za",
  enquiryType: "support" as const,
  message: "Line one\n<img src=x onerror=alert(1)>",
};
const addresses = { from: "website@amanzi.example", to: "sales@amanzi.example" };

it("builds a one-line subject from the type and name, and a stable Message-ID", () => {
  const mail = composeEnquiryMail(enquiry, addresses);
  expect(mail.subject).toBe("Website enquiry (Support) from Sipho Mokoena <i>");
  expect(mail.subject).not.toMatch(/[\r\n\u2028]/);
  expect(mail.messageId).toBe(`<enquiry-${enquiry.id}@amanzi.example>`);
  expect(composeEnquiryMail(enquiry, addresses).messageId).toBe(mail.messageId);
  expect(mail.replyTo.address).toBe("sipho@example.co.za");
  expect(mail.replyTo.name).not.toMatch(/[\r\n]/);
});

it("escapes every piece of visitor text in the HTML part", () => {
  const { html, text } = composeEnquiryMail(enquiry, addresses);
  expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  expect(html).toContain("&lt;i&gt;");
  expect(html).not.toMatch(/<img|<i>/);
  expect(text).toContain("<img src=x onerror=alert(1)>");
});
