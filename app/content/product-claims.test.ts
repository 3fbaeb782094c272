import { describe, expect, it } from "vitest";
import { visibleCopy } from "../../tests/support/visible-copy";
import { hardwarePage } from "./hardware";
import { homePage } from "./home";
import { softwarePage } from "./software";

// The product claims and figures of docs/requirements.md (section 11), checked against
// the copy by what they say, not by how a sentence is worded.

const home = visibleCopy(homePage);
const hardware = visibleCopy(hardwarePage);
const software = visibleCopy(softwarePage);
const productCopy = [home, hardware, software].join("\n");

describe("the product claims", () => {
  it.each([
    ["locally designed and assembled meters", [/locally designed and assembled/i]],
    ["real-time reports", [/real-time reports/i]],
    ["leak detection", [/leak/i, /detect/i]],
    ["remote valve control from a smartphone app", [/valve control/i, /smartphone app/i]],
    ["notifications to third-party plumbers", [/plumber/i, /notif/i]],
    ["machine-learning consumption reports", [/machine-learning/i, /consumption reports/i]],
    ["a central device management centre for utilities", [/device management centre/i]],
  ])("the site claims %s", (_claim, patterns) => {
    for (const pattern of patterns) expect(productCopy).toMatch(pattern);
  });

  it("offers prepaid tokens by card payment and bank transfer in the client app", () => {
    const clientApp = softwarePage.features.find((row) => /client/i.test(row.featureName));
    const text = visibleCopy(clientApp);
    expect(text).toMatch(/prepaid token/i);
    expect(text).toMatch(/card payment/i);
    expect(text).toMatch(/bank transfer/i);
  });

  it("says the home page's audience: households, property owners and utilities", () => {
    expect(home).toMatch(/households/i);
    expect(home).toMatch(/estates|body corporates|property owners/i);
    expect(home).toMatch(/utilities/i);
  });
});

describe("the product figures", () => {
  const rowText = (name: RegExp) =>
    visibleCopy(hardwarePage.features.find((row) => name.test(row.featureName)));

  it.each([
    ["data connection unit battery up to 12 hours", /data connection/i, /up to 12 hours/i],
    ["256-bit encryption", /data connection/i, /256-bit encryption/i],
    ["meters transmit per 100 litres", /meter/i, /per 100 litres/i],
    ["meter battery 5+ years", /meter/i, /5\+ years/i],
    ["routers 12+ hours battery", /routing/i, /12\+ hours/i],
    ["220 V installation", /routing/i, /220 ?v/i],
  ])("the hardware page gives %s", (_figure, row, pattern) => {
    expect(rowText(row)).toMatch(pattern);
  });

  it("invents no other figures", () => {
    expect([...new Set(hardware.match(/\d+/g))].sort()).toEqual(["100", "12", "220", "256", "5"]);
    expect(home.match(/\d/g)).toBeNull();
    expect(software.match(/\d/g)).toBeNull();
  });
});
