import { expect, it } from "vitest";
import { sampleEnquiry } from "../../tests/support/sample-enquiry";
import { composeAcknowledgementMail, composeEnquiryMail } from "./enquiry-mail";

const enquiry = {
  id: "0f8c2a4e-1111-4222-8333-944455556666",
  receivedAt: "2026-11-22T00:00:00.000Z",
  ...sampleEnquiry({
    name: "Sipho\u2028Mokoena\r\n<i>",
    email: "sipho@example.co.za",
    enquiryType: "support",
    message: "Line one\n<img src=x onerror=alert(1)>",
    companyName: "<b>Amanzi</b>",
  }),
};
const addresses = { from: "website@amanzi.example", to: "sales@amanzi.example" };

it("builds a one-line subject from the type and name, and a stable Message-ID", () => {
  const mail = composeEnquiryMail(enquiry, addresses);
  expect(mail.subject).toBe("Website enquiry (support) from Sipho Mokoena <i>");
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
  expect(html).toContain('<th align="left">Sent from</th><td>&lt;b&gt;Amanzi&lt;/b&gt;</td>');
  expect(html).not.toMatch(/<img|<i>/);
  expect(text).toContain("<img src=x onerror=alert(1)>");
});

it("lists each field once with its label, leaving out an optional one the payload lacked", () => {
  const { text } = composeEnquiryMail(
    { ...enquiry, name: "Sipho Mokoena", companyName: null },
    addresses,
  );
  expect(text.split("\n").slice(0, 6)).toEqual([
    "Name: Sipho Mokoena",
    "Phone: 0821234567",
    "Email: sipho@example.co.za",
    "Enquiry type: support",
    `Received: ${enquiry.receivedAt}`,
    "Reference: 0F8C2A4E",
  ]);
  expect(text).not.toContain("Sent from");
});

it("acknowledges with our own words only: nothing the visitor typed but the address it goes to", () => {
  const marker = "Click https://evil.example to claim your prize";
  const mail = composeAcknowledgementMail(
    { ...enquiry, name: marker, message: marker, companyName: marker, phone: "0999999999" },
    { ...addresses, answerWithin: "within two working days" },
  );
  expect(mail.to).toBe("sipho@example.co.za");
  expect(mail.replyTo.address).toBe("sales@amanzi.example");
  expect(mail.messageId).toBe(`<acknowledgement-${enquiry.id}@amanzi.example>`);
  for (const part of [mail.subject, mail.text, mail.html, mail.from.name, mail.replyTo.name]) {
    expect(part).not.toContain("evil");
    expect(part).not.toContain("Sipho");
    expect(part).not.toContain("0999999999");
  }
  expect(mail.text).toContain("We have received your support enquiry");
  expect(mail.text).toContain("Our team will answer within two working days.");
  expect(mail.text).toContain("reply to this email");
  // The reference the form showed the visitor.
  expect(mail.text).toContain("Reference: 0F8C2A4E");
});
