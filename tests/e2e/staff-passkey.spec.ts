import { expect, test } from "@playwright/test";
import { startSmtpPeer } from "../support/smtp-peer";
import { mailTo, startTestService, type TestService } from "../support/test-service";

// A member of staff signs in with the mailed code, adds a passkey, signs out, and signs in with
// the passkey alone (decision 0044), in Chromium with its virtual authenticator (a platform
// authenticator that verifies the user). WebAuthn takes no IP address as the site's name, so the
// page is opened as localhost, which Chromium counts as a secure origin.

const staff = { email: "thandi@amanzi.example", name: "Thandi Nkosi", owner: false };
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let service: TestService;
let site: string;

test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  service = await startTestService(mailTo(smtp.port));
  await service.store.staff.addStaff(staff, new Date());
  site = service.baseUrl.replace("127.0.0.1", "localhost");
});

test.afterAll(async () => {
  await service?.close();
  await smtp?.close();
});

test("a passkey added after a code sign-in signs in alone, with script from our own files only", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${site}/admin/sign-in`);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect.poll(() => smtp.received.length, { message: "the code mailed" }).toBe(1);
  const code = /\b(\d{6})\b/.exec(smtp.received[0]?.text ?? "")?.[1] ?? "";
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${site}/admin/sign-in`);

  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText(/Passkey added/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${site}/admin/sign-in`);
  expect((await page.request.get(`${site}/admin/enquiries`)).status()).toBe(401);

  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(`${site}/admin/enquiries`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enquiries: New");
  expect(smtp.received).toHaveLength(1);
  expect(refused).toEqual([]);
});
