import { describe, expect, it } from "vitest";
import { defaultSettings, PublicSettingsError, parsePublicSettings } from "./public-settings";

function failure(env: Record<string, string>): string {
  try {
    parsePublicSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(PublicSettingsError);
    return (error as Error).message;
  }
  throw new Error("the settings were accepted");
}

describe("public settings", () => {
  it("gives a working local site with nothing set, and says what it leaves out", () => {
    const { settings, warnings } = parsePublicSettings({});
    expect(settings).toEqual({
      ...defaultSettings,
      recaptchaSiteKey: "",
      enquiryDelivery: { email: false, webhook: false },
    });
    expect(settings.siteUrl).toBeUndefined();
    expect(warnings.join("\n")).toMatch(/VITE_SITE_URL is not set.*no canonical link/);
    expect(warnings.join("\n")).toMatch(/VITE_RECAPTCHA_SITE_KEY is not set/);
  });

  it("treats blank values as unset", () => {
    const { settings } = parsePublicSettings({
      VITE_COMPANY_NAME: "  ",
      VITE_SITE_URL: "",
      VITE_API_BASE: " ",
    });
    expect(settings.companyName).toBe(defaultSettings.companyName);
    expect(settings.siteUrl).toBeUndefined();
    expect(settings.apiBase).toBe("/api");
  });

  it("takes trimmed values and drops trailing slashes from addresses", () => {
    const { settings, warnings } = parsePublicSettings({
      VITE_COMPANY_NAME: " Metsi Works ",
      VITE_SUPPORT_EMAIL: "help@metsi.co.za",
      VITE_SITE_URL: "https://www.metsi.co.za/",
      VITE_API_BASE: "https://api.metsi.co.za/v1/",
      VITE_RECAPTCHA_SITE_KEY: "6Lc_abc-123",
      ENQUIRY_RETENTION_DAYS: " 90 ",
    });
    expect(settings).toEqual({
      companyName: "Metsi Works",
      supportEmail: "help@metsi.co.za",
      siteUrl: "https://www.metsi.co.za",
      apiBase: "https://api.metsi.co.za/v1",
      recaptchaSiteKey: "6Lc_abc-123",
      enquiryRetentionDays: 90,
      enquiryDelivery: { email: false, webhook: false },
    });
    expect(warnings).toEqual([]);
  });

  it("warns when the site's address is a loopback one", () => {
    const { warnings } = parsePublicSettings({ VITE_SITE_URL: "http://localhost:3000" });
    expect(warnings.join("\n")).toMatch(/loopback/);
  });

  it.each([
    ["VITE_SUPPORT_EMAIL", "support.example.com", /email address/],
    ["VITE_SITE_URL", "www.example.co.za", /http\(s\) address/],
    ["VITE_SITE_URL", "ftp://example.co.za", /http\(s\) address/],
    ["VITE_SITE_URL", "https://example.co.za/site", /origin only/],
    ["VITE_SITE_URL", "https://example.co.za/?a=1", /origin only/],
    ["VITE_API_BASE", "api", /starting with \//],
    ["VITE_API_BASE", "//api.example.co.za", /starting with \//],
    ["VITE_RECAPTCHA_SITE_KEY", "key with spaces", /site key/],
    ["VITE_COMPANY_NAME", "x".repeat(101), /at most 100/],
    ["ENQUIRY_RETENTION_DAYS", "-1", /0 \(keep until delivered\) or more days/],
    ["ENQUIRY_RETENTION_DAYS", "a year", /whole number of days/],
  ])("stops on a bad %s (%s), naming it and the value", (name, value, reason) => {
    const message = failure({ [name]: value });
    expect(message).toContain(name);
    expect(message).toMatch(reason);
    expect(message).toContain(value);
  });

  it("reads the server's ENQUIRY_RETENTION_DAYS, which the privacy statement states", () => {
    expect(parsePublicSettings({}).settings.enquiryRetentionDays).toBe(365);
    expect(parsePublicSettings({ ENQUIRY_RETENTION_DAYS: "0" }).settings.enquiryRetentionDays).toBe(
      0,
    );
    expect(
      parsePublicSettings({ ENQUIRY_RETENTION_DAYS: "90" }).settings.enquiryRetentionDays,
    ).toBe(90);
  });

  it("names every bad variable at once", () => {
    const message = failure({ VITE_SUPPORT_EMAIL: "nope", VITE_API_BASE: "nope" });
    expect(message).toMatch(/VITE_SUPPORT_EMAIL[\s\S]*VITE_API_BASE/);
  });
});
