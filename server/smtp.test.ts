import { createTransport } from "nodemailer";
import { expect } from "vitest";
import { test } from "../tests/support/server-test";
import { isLoopbackHost, smtpTlsProblem, smtpTransportOptions } from "./smtp";

const mail = { from: "website@amanzi.example", to: "sales@amanzi.example", text: "Hello" };

test("tells loopback hosts from the rest", () => {
  for (const host of ["127.0.0.1", "127.8.0.1", "localhost", "::1", "[::1]"]) {
    expect(isLoopbackHost(host), host).toBe(true);
  }
  for (const host of [
    "mail.example",
    "10.0.0.1",
    "128.0.0.1",
    "::ffff:8.8.8.8",
    "localhost.evil",
  ]) {
    expect(isLoopbackHost(host), host).toBe(false);
  }
});

test("accepts TLS settings for a remote server and refuses any that turn it off", () => {
  expect(smtpTlsProblem("smtps://user:pass@mail.example:465")).toBeUndefined();
  expect(smtpTlsProblem("smtp://user:pass@mail.example:587")).toBeUndefined();
  expect(smtpTlsProblem("smtp://mail.example?ignoreTLS=true")).toMatch(/ignoreTLS/);
  expect(smtpTlsProblem("smtp://mail.example?requireTLS=false")).toMatch(/requireTLS/);
  expect(smtpTlsProblem("smtps://mail.example?tls.rejectUnauthorized=false")).toMatch(
    /rejectUnauthorized/,
  );
  expect(smtpTlsProblem("smtp://mail.example?ignoreTLS=1")).toMatch(/ignoreTLS/);
  expect(smtpTlsProblem("smtp://mail.example?requireTLS=0")).toMatch(/requireTLS/);
  expect(smtpTlsProblem("smtps://mail.example?secure=false&requireTLS=false")).toMatch(
    /requireTLS/,
  );
  expect(() => smtpTransportOptions("smtp://mail.example?ignoreTLS=true")).toThrow(/^SMTP_URL: /);
});

test("requires STARTTLS on smtp:// to a remote server, so a server without it gets nothing", async ({
  startSmtpPeer,
}) => {
  // Our peer offers no STARTTLS, as an attacker who strips the offer would make it look.
  const peer = await startSmtpPeer();
  const remote = smtpTransportOptions("smtp://mail.example:587");
  expect(remote).toEqual({
    url: "smtp://mail.example:587",
    requireTLS: true,
    ...{ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
  });

  // The remote server's options, pointed at the peer on loopback (tests talk to 127.0.0.1 only).
  const { url: _, ...remoteOptions } = remote;
  const transport = createTransport({ ...remoteOptions, host: "127.0.0.1", port: peer.port });
  await expect(transport.sendMail(mail)).rejects.toThrow(/STARTTLS/);
  transport.close();
  expect(peer.started()).toBe(0);

  // The same peer, named as loopback, is spoken to in plain text.
  const local = createTransport(smtpTransportOptions(`smtp://127.0.0.1:${peer.port}`));
  await local.sendMail(mail);
  local.close();
  expect(peer.received).toHaveLength(1);
});
