// `npm run content:review`: the launch copy's claims and figures (docs/requirements.md §1–5 and
// §11), checked against the content as it is now, as a plain-language report for the company.
// It is a review, not a gate: the copy may change to anything the editor accepts, and a line
// marked "no longer says" is something to confirm was meant. It always exits 0.
import { pageFile, visibleCopy } from "../app/content/site-content.ts";

/** The launch pages' content files, as the site shows them now. */
export const launchPages = () => ({
  home: pageFile({ id: "home", kind: "product" }),
  hardware: pageFile({ id: "hardware", kind: "product" }),
  software: pageFile({ id: "software", kind: "product" }),
  privacy: pageFile({ id: "privacy", kind: "legal" }),
  terms: pageFile({ id: "terms", kind: "legal" }),
});

type Pages = ReturnType<typeof launchPages>;
/** Where a claim's words are: pages, a product's row or a legal section. */
type Where = (pages: Pages) => unknown;

const products: Where = ({ home, hardware, software }) => [home, hardware, software];
function row(page: "hardware" | "software", name: RegExp): Where {
  return (pages) => pages[page].features.find((feature) => name.test(feature.featureName));
}
function section(page: "privacy" | "terms", id: string): Where {
  return (pages) => pages[page].sections.find((found) => found.id === id);
}
const dataUnit = row("hardware", /data connection/i);
const meter = row("hardware", /meter/i);
const routing = row("hardware", /routing/i);
const governingLaw = section("terms", "governing-law");

// Each claim: what the launch copy promised, where, and the words that must all be there.
type Claim = [claim: string, where: Where, ...words: RegExp[]];
const productClaims: Claim[] = [
  ["meters are locally designed and assembled", products, /locally designed and assembled/i],
  ["real-time reports", products, /real-time reports/i],
  ["leak detection", products, /leak/i, /detect/i],
  ["remote valve control from a smartphone app", products, /valve control/i, /smartphone app/i],
  ["notifications to third-party plumbers", products, /plumber/i, /notif/i],
  ["machine-learning consumption reports", products, /machine-learning/i, /consumption reports/i],
  ["a central device management centre for utilities", products, /device management centre/i],
  [
    "prepaid tokens by card payment and bank transfer in the client app",
    row("software", /client/i),
    /prepaid token/i,
    /card payment/i,
    /bank transfer/i,
  ],
  [
    "the home page speaks to households, property owners and utilities",
    ({ home }) => home,
    /households/i,
    /estates|body corporates|property owners/i,
    /utilities/i,
  ],
];
const figureClaims: Claim[] = [
  ["data connection unit: battery up to 12 hours", dataUnit, /up to 12 hours/i],
  ["data connection unit: 256-bit encryption", dataUnit, /256-bit encryption/i],
  ["meters transmit per 100 litres", meter, /per 100 litres/i],
  ["meter battery 5+ years", meter, /5\+ years/i],
  ["routing modules: 12+ hours battery", routing, /12\+ hours/i],
  ["routing modules: 220 V installation", routing, /220 ?v/i],
];
const launchFigures = ["100", "12", "220", "256", "5"];
const legalClaims: Claim[] = [
  [
    "the privacy statement names POPIA",
    ({ privacy }) => privacy,
    /Protection of Personal Information Act/,
    /POPIA/,
  ],
  ["it explains the bot-check provider's cookie", section("privacy", "cookies"), /reCAPTCHA/],
  ["the terms are governed by South African law", governingLaw, /Republic of South Africa/],
  ["the terms carry the copyright notice of 2015", section("terms", "copyright"), /© 2015/],
];

const topics: { title: string; claims: Claim[]; note?: Where }[] = [
  { title: "Product claims (home, hardware and software pages)", claims: productClaims },
  {
    title: "Figures (hardware page)",
    claims: figureClaims,
    note: ({ hardware }) => {
      const figures = new Set(visibleCopy(hardware).match(/\d+/g));
      const other = [...figures].filter((figure) => !launchFigures.includes(figure));
      return other.length > 0
        ? `Figures the launch copy did not have (check they are right): ${other.join(", ")}`
        : "No figures besides the launch copy's.";
    },
  },
  { title: "Legal pages (privacy statement and terms of use)", claims: legalClaims },
];

/** The review of one set of the launch pages, in plain words. */
export function reviewReport(pages: Pages): string {
  const lines = [
    "Content review: what the launch copy promised (docs/requirements.md), checked against the words on the site now.",
    'A "no longer says" line is not an error: confirm the change was meant, then carry on.',
  ];
  let changed = 0;
  for (const { title, claims, note } of topics) {
    lines.push("", title);
    for (const [claim, where, ...words] of claims) {
      const text = visibleCopy(where(pages));
      const holds = words.every((pattern) => pattern.test(text));
      if (!holds) changed++;
      lines.push(`  ${holds ? "says" : "no longer says"}: ${claim}`);
    }
    if (note) lines.push(`  ${note(pages)}`);
  }
  lines.push(
    "",
    changed === 0
      ? "Everything the launch copy promised is still said."
      : `${changed} promise(s) to confirm.`,
  );
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(reviewReport(launchPages()));
