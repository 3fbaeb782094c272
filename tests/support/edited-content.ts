import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import type { ContentFileName, ContentFiles } from "../../app/content/schemas";

// Edits an editor could make at /admin, each of a kind the content schemas accept: new figures,
// letters beyond English (ê ë é ô š), a very long word, an em dash, quotation marks, and the
// {companyName} placeholder in a heading and a page title. `npm test` (scripts/test.mjs) builds
// the site from such a copy and runs browser suites on it, which read the same copy.

type Edit = {
  [Name in ContentFileName]: { file: Name; change: (data: ContentFiles[Name]) => void };
}[ContentFileName];

/** A long Afrikaans compound, longer than a phone is wide at the heading's size. */
export const longWord = "Waterbestuursinligtingstelselontwikkelingsprojekbestuurder";

export const edits: Edit[] = [
  {
    file: "home.yaml",
    change: (data) => {
      data.hero.heading = "Slim watermeters van {companyName}: sê “kliënt” — sô, één";
      data.hero.paragraph = `${data.hero.paragraph} Ons ${longWord} praat Afrikaans, Češka en Français.`;
    },
  },
  {
    file: "hardware.yaml",
    change: (data) => {
      const text = JSON.stringify(data).replaceAll("5+ years", "10+ years");
      Object.assign(data, JSON.parse(text));
      data.highlights.heading = `${data.highlights.heading} — with 10+ years of battery`;
      data.page.title = "{companyName} hardware — “built to last”";
    },
  },
  {
    file: "software.yaml",
    change: (data) => {
      data.page.description = `${data.page.description} Now in Sesotho and isiZulu.`;
    },
  },
  {
    file: "site-shell.yaml",
    change: (data) => {
      data.footer.tagline = "{companyName}: slim watermeters, made in South Africa.";
    },
  },
];

/** Copies the content files from `from` to `to` and applies the edits. */
export function writeEditedContent(from: string, to: string): void {
  for (const name of readdirSync(from)) {
    if (name.endsWith(".yaml")) copyFileSync(join(from, name), join(to, name));
  }
  for (const { file, change } of edits) {
    const path = join(to, file);
    const data = parse(readFileSync(path, "utf8"));
    (change as (data: unknown) => void)(data);
    writeFileSync(path, stringify(data));
  }
}
