import { createTransport } from "nodemailer";
import { expect } from "vitest";
import { it } from "./server-test";
import { waitFor } from "./wait-for";

it("decodes a quoted-printable body holding a literal % and non-ASCII text", async ({
  startSmtpPeer,
}) => {
  const peer = await startSmtpPeer();
  const transport = createTransport({ host: "127.0.0.1", port: peer.port, secure: false });
  const text = "Leaks fell by 100% = 50%25 less; Ngiyabonga, Zoë.";
  try {
    await transport.sendMail({
      from: "website@amanzi.example",
      to: "sales@amanzi.example",
      subject: "Über 100% – a test",
      text,
      html: `<p>${text}</p>`,
      textEncoding: "quoted-printable",
    });
  } finally {
    transport.close();
  }
  const mail = await waitFor("the mail", () => peer.received.at(-1));
  // The raw message really is quoted-printable, with the % sign as a literal character.
  expect(mail.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
  expect(mail.raw).toContain("100% =3D 50%25");
  expect(mail.text?.trim()).toBe(text);
  expect(mail.html).toContain(`<p>${text}</p>`);
  expect(mail.subject).toBe("Über 100% – a test");
  expect(mail.to).toEqual(["sales@amanzi.example"]);
});
