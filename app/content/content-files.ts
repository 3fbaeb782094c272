// Reads and checks the content files, in Node, at build time: the Vite plugin
// (scripts/content-plugin.ts) and the browser tests both load content through here.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { contentFileOf, type PageEntry, type PageKind, pageList } from "./page-list.ts";
import { fillPlaceholders, type PlaceholderValues } from "./placeholders.ts";
import {
  type ContentFileEntry,
  type ContentFileName,
  type ContentFiles,
  contentFiles,
  contentFilesOf,
  pageSchemas,
  siteShellFileName,
} from "./schemas.ts";

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

/**
 * One content file, parsed and checked against its schema, with the placeholders filled in
 * when `values` are given (the build always gives them). A problem throws a ContentError naming
 * the file and each wrong field, e.g. `app/content/home.yaml: features[2].heading: required`.
 */
export function readContentFile<Name extends ContentFileName>(
  name: Name,
  values?: PlaceholderValues,
): ContentFiles[Name] {
  return readListedFile(name, contentFiles, values) as ContentFiles[Name];
}

/** A file of a list of content files (the site's, or one with a page more), as read above. */
function readListedFile(
  name: string,
  files: Record<string, ContentFileEntry>,
  values?: PlaceholderValues,
): unknown {
  const entry = files[name];
  if (!entry) throw new ContentError(`${name}: not a content file the site reads`);
  const path = join(contentDir(), name);
  const shown = relative(process.cwd(), path);
  let data: unknown;
  try {
    data = parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ContentError(`${shown}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = entry.schema.safeParse(data, { reportInput: true });
  if (!result.success) {
    throw new ContentError(
      result.error.issues.map((issue) => `${shown}: ${describeIssue(issue)}`).join("\n"),
    );
  }
  return values ? fillPlaceholders(result.data, values) : result.data;
}

/**
 * The content modules the site's code imports, one per schema, each typed by its declaration
 * in app/content/content-modules.d.ts: `virtual:content/pages` holds every page's own block
 * (title, link texts, share card) by page id; `virtual:content/<kind>` every page of that kind
 * by page id; `virtual:content/site-shell` the shared parts.
 */
export const contentModulePrefix = "virtual:content/";

export type ContentModuleName = "pages" | PageKind | "site-shell";

export function isContentModuleName(name: string): name is ContentModuleName {
  return name === "pages" || name === "site-shell" || Object.hasOwn(pageSchemas, name);
}

/** The pages a content module holds: every page for `pages`, else the pages of that kind. */
function pagesOf(name: Exclude<ContentModuleName, "site-shell">, pages: readonly PageEntry[]) {
  return pages.filter((page) => name === "pages" || page.kind === name);
}

/** A content module's data: checked, placeholders filled, plain data (no YAML, no zod). */
export function contentModuleData(
  name: ContentModuleName,
  values: PlaceholderValues,
  pages: readonly PageEntry[] = pageList,
): unknown {
  const files = contentFilesOf(pages);
  if (name === "site-shell") return readListedFile(siteShellFileName, files, values);
  return Object.fromEntries(
    pagesOf(name, pages).map((page) => {
      const file = readListedFile(contentFileOf(page), files, values) as { page: unknown };
      return [page.id, name === "pages" ? file.page : file];
    }),
  );
}

/** The content files a content module is made from, for the dev server to watch. */
export function contentModuleFiles(
  name: ContentModuleName,
  pages: readonly PageEntry[] = pageList,
): string[] {
  return name === "site-shell" ? [siteShellFileName] : pagesOf(name, pages).map(contentFileOf);
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
  for (const name of Object.keys(contentFiles)) {
    const file = relative(process.cwd(), join(contentDir(), name));
    for (const found of walk(readListedFile(name, contentFiles, values), [])) {
      yield { file, ...found };
    }
  }
}

/**
 * Checks every content file of a page list (the site's by default), and that the folder holds
 * no content file the list does not name (a misspelt name would otherwise be ignored).
 * Collects every problem before throwing.
 */
export function checkContentFiles(pages: readonly PageEntry[] = pageList): void {
  const files = contentFilesOf(pages);
  const problems: string[] = [];
  const dir = contentDir();
  for (const name of readdirSync(dir)) {
    if (/\.(ya?ml|md)$/.test(name) && !Object.hasOwn(files, name)) {
      problems.push(
        `${relative(process.cwd(), join(dir, name))}: not a content file the site reads`,
      );
    }
  }
  for (const name of Object.keys(files)) {
    try {
      readListedFile(name, files);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
}
