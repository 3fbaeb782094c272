// Reads and checks the content files, in Node, at build time: the Vite plugin
// (scripts/content-plugin.ts) and the browser tests both load content through here.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { fillPlaceholders, type PlaceholderValues } from "./placeholders.ts";
import { type ContentFileName, contentFiles } from "./schemas.ts";

/**
 * Where the content files are read from: app/content/, or CONTENT_DIR to build from another
 * copy (the tests build from a changed copy without touching the working tree's files).
 */
export function contentDir(): string {
  return resolve(process.env.CONTENT_DIR || join(import.meta.dirname));
}

class ContentError extends Error {
  override name = "ContentError";
}

/** A field's place in its file as messages name it: `features[2].heading`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
    )
    .join("");
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = fieldPath(issue.path);
  const required = issue.code === "invalid_type" && issue.input === undefined;
  return `${path || "(whole file)"}: ${required ? "required" : issue.message}`;
}

export function isContentFileName(name: string): name is ContentFileName {
  return Object.hasOwn(contentFiles, name);
}

/**
 * One content file, parsed and checked against its schema, with the placeholders filled in
 * when `values` are given (the build always gives them). A problem throws a ContentError naming
 * the file and each wrong field, e.g. `app/content/home.yaml: features[2].heading: required`.
 */
export function readContentFile<Name extends ContentFileName>(
  name: Name,
  values?: PlaceholderValues,
): z.infer<(typeof contentFiles)[Name]["schema"]> {
  const path = join(contentDir(), name);
  const shown = relative(process.cwd(), path);
  let data: unknown;
  try {
    data = parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ContentError(`${shown}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = contentFiles[name].schema.safeParse(data, { reportInput: true });
  if (!result.success) {
    throw new ContentError(
      result.error.issues.map((issue) => `${shown}: ${describeIssue(issue)}`).join("\n"),
    );
  }
  const checked = result.data as z.infer<(typeof contentFiles)[Name]["schema"]>;
  return values ? fillPlaceholders(checked, values) : checked;
}

/** Every text of every content file, with its file and field, as the build reads them. */
export function* contentTexts(
  values: PlaceholderValues,
): Generator<{ file: string; field: string; text: string }> {
  function* walk(value: unknown, path: PropertyKey[]): Generator<{ field: string; text: string }> {
    if (typeof value === "string") yield { field: fieldPath(path), text: value };
    else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) yield* walk(item, [...path, index]);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) yield* walk(item, [...path, key]);
    }
  }
  for (const name of Object.keys(contentFiles) as ContentFileName[]) {
    const file = relative(process.cwd(), join(contentDir(), name));
    for (const found of walk(readContentFile(name, values), [])) yield { file, ...found };
  }
}

/**
 * Checks every content file, and that the folder holds no content file the site does not
 * read (a misspelt name would otherwise be ignored). Collects every problem before throwing.
 */
export function checkContentFiles(): void {
  const problems: string[] = [];
  const dir = contentDir();
  for (const name of readdirSync(dir)) {
    if (/\.(ya?ml|md)$/.test(name) && !isContentFileName(name)) {
      problems.push(
        `${relative(process.cwd(), join(dir, name))}: not a content file the site reads`,
      );
    }
  }
  for (const name of Object.keys(contentFiles)) {
    try {
      if (isContentFileName(name)) readContentFile(name);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
}
