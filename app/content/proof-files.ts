import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import {
  caseStudiesFolder,
  caseStudiesPageFile,
  caseStudiesPageFileName,
  caseStudyFile,
} from "./case-study-schema.ts";
import { companyFile, companyFileName } from "./company-schema.ts";
import { fillPlaceholders } from "./placeholders.ts";
import { contentDir, placeholders } from "./site-content.ts";

// The company's contacts and the case studies as code outside the build reads them (tests), from
// app/content/ or CONTENT_DIR, with the schemas the build checks them with; a photo is its path.

const readYaml = (path: string) => parse(readFileSync(path, "utf8"));

export const companyDetails = () =>
  fillPlaceholders(companyFile.parse(readYaml(join(contentDir(), companyFileName))), placeholders);

export const caseStudiesPage = () =>
  fillPlaceholders(
    caseStudiesPageFile.parse(readYaml(join(contentDir(), caseStudiesPageFileName))),
    placeholders,
  );

/** Every study, newest first, with its slug (its file's name). */
export function caseStudyFiles() {
  const folder = join(contentDir(), caseStudiesFolder);
  if (!existsSync(folder)) return [];
  const schema = caseStudyFile(z.string());
  return readdirSync(folder)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => ({
      slug: name.replace(/\.yaml$/, ""),
      ...fillPlaceholders(schema.parse(readYaml(join(folder, name))), placeholders),
    }))
    .toSorted((a, b) => b.date.localeCompare(a.date));
}
