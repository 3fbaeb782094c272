// `npm run content:review`: the launch copy's claims and figures (docs/requirements.md §1–5 and
// §11), checked against the content as it is now, as a plain-language report for the company.
// It is a review, not a gate: the copy may change to anything the editor accepts, and a line
// marked "no longer says" is something to confirm was meant. It always exits 0.
import { pageFile } from "../app/content/content-files.ts";
import type { LegalPageFile, ProductPageFile } from "../app/content/schemas.ts";
import { visibleCopy } from "../tests/support/visible-copy.ts";

type Check = { claim: string; holds: boolean };
type Topic = { title: string; where: string; checks: Check[]; note?: string };

const says = (text: string, ...patterns: RegExp[]) => patterns.every((p) => p.test(text));

/** The review of one set of content files, as topics of checks. */
export function reviewContent(files: {
  home: ProductPageFile;
  hardware: ProductPageFile;
  software: ProductPageFile;
  privacy: LegalPageFile;
  terms: LegalPageFile;
}): Topic[] {
  const home = visibleCopy(files.home);
  const hardware = visibleCopy(files.hardware);
  const software = visibleCopy(files.software);
  const products = [home, hardware, software].join("\n");
  const row = (page: ProductPageFile, name: RegExp) =>
    visibleCopy(page.features.find((feature) => name.test(feature.featureName)));
  const section = (page: LegalPageFile, id: string) =>
    visibleCopy(page.sections.find((found) => found.id === id));
  const launchFigures = ["100", "12", "220", "256", "5"];
  const otherFigures = [...new Set(hardware.match(/\d+/g))].filter(
    (figure) => !launchFigures.includes(figure),
  );
  const claim = (text: string, holds: boolean): Check => ({ claim: text, holds });
  return [
    {
      title: "Product claims",
      where: "home, hardware and software pages",
      checks: [
        claim(
          "meters are locally designed and assembled",
          says(products, /locally designed and assembled/i),
        ),
        claim("real-time reports", says(products, /real-time reports/i)),
        claim("leak detection", says(products, /leak/i, /detect/i)),
        claim(
          "remote valve control from a smartphone app",
          says(products, /valve control/i, /smartphone app/i),
        ),
        claim("notifications to third-party plumbers", says(products, /plumber/i, /notif/i)),
        claim(
          "machine-learning consumption reports",
          says(products, /machine-learning/i, /consumption reports/i),
        ),
        claim(
          "a central device management centre for utilities",
          says(products, /device management centre/i),
        ),
        claim(
          "prepaid tokens by card payment and bank transfer in the client app",
          says(row(files.software, /client/i), /prepaid token/i, /card payment/i, /bank transfer/i),
        ),
        claim(
          "the home page speaks to households, property owners and utilities",
          says(home, /households/i, /estates|body corporates|property owners/i, /utilities/i),
        ),
      ],
    },
    {
      title: "Figures",
      where: "hardware page",
      checks: [
        claim(
          "data connection unit: battery up to 12 hours",
          says(row(files.hardware, /data connection/i), /up to 12 hours/i),
        ),
        claim(
          "data connection unit: 256-bit encryption",
          says(row(files.hardware, /data connection/i), /256-bit encryption/i),
        ),
        claim(
          "meters transmit per 100 litres",
          says(row(files.hardware, /meter/i), /per 100 litres/i),
        ),
        claim("meter battery 5+ years", says(row(files.hardware, /meter/i), /5\+ years/i)),
        claim(
          "routing modules: 12+ hours battery",
          says(row(files.hardware, /routing/i), /12\+ hours/i),
        ),
        claim(
          "routing modules: 220 V installation",
          says(row(files.hardware, /routing/i), /220 ?v/i),
        ),
      ],
      note:
        otherFigures.length > 0
          ? `Figures the launch copy did not have (check they are right): ${otherFigures.join(", ")}`
          : "No figures besides the launch copy's.",
    },
    {
      title: "Legal pages",
      where: "privacy statement and terms of use",
      checks: [
        claim(
          "the privacy statement names POPIA",
          says(visibleCopy(files.privacy), /Protection of Personal Information Act/, /POPIA/),
        ),
        claim(
          "it explains the bot-check provider's cookie",
          says(section(files.privacy, "cookies"), /reCAPTCHA/),
        ),
        claim(
          "the terms are governed by South African law",
          says(section(files.terms, "governing-law"), /Republic of South Africa/),
        ),
        claim(
          "the terms carry the copyright notice of 2015",
          says(section(files.terms, "copyright"), /© 2015/),
        ),
      ],
    },
  ];
}

/** The launch pages' content files, as the site shows them now. */
export const launchPages = () => ({
  home: pageFile({ id: "home", kind: "product" }),
  hardware: pageFile({ id: "hardware", kind: "product" }),
  software: pageFile({ id: "software", kind: "product" }),
  privacy: pageFile({ id: "privacy", kind: "legal" }),
  terms: pageFile({ id: "terms", kind: "legal" }),
});

export function reviewReport(topics: Topic[]): string {
  const lines = [
    "Content review: what the launch copy promised (docs/requirements.md), checked against the words on the site now.",
    'A "no longer says" line is not an error: confirm the change was meant, then carry on.',
  ];
  for (const { title, where, checks, note } of topics) {
    lines.push("", `${title} (${where})`);
    for (const { claim, holds } of checks)
      lines.push(`  ${holds ? "says" : "no longer says"}: ${claim}`);
    if (note) lines.push(`  ${note}`);
  }
  const changed = topics.flatMap((topic) => topic.checks).filter((check) => !check.holds).length;
  lines.push(
    "",
    changed === 0
      ? "Everything the launch copy promised is still said."
      : `${changed} promise(s) to confirm.`,
  );
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(reviewReport(reviewContent(launchPages())));
}
