// The editor at /admin (Sveltia CMS), configured from the content schemas and the editor's words
// for their fields (cms-fields.ts): it offers exactly the fields the build reads and refuses,
// beside the field, what the build refuses (decision 0013).
import { z } from "zod";
import { caseStudiesFolder, caseStudiesPageFileName } from "./case-study-schema.ts";
import { cmsFields, type FieldWords } from "./cms-fields.ts";
import { companyFileName } from "./company-schema.ts";
import { type CollectionName, siteCollections } from "./content-files.ts";
import { documentFilesFolder, documentFolder, maxDocumentBytes } from "./documents.ts";
import { contentFileOf, type PageEntry, pageList } from "./page-list.ts";
import { productFolder } from "./products.ts";
import {
  fileNamePattern,
  fileNameRule,
  maxPhotoBytes,
  photoTypes,
  siteShellFileName,
} from "./schemas.ts";

/** What z.toJSONSchema writes for our schemas, with the keys our `.meta()` calls add. */
type JsonSchema = {
  [key in "type" | "pattern" | "patternMessage" | "format"]?: string;
} & {
  minimum?: number;
  exclusiveMinimum?: number;
} & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  enum?: string[];
  const?: string;
  minItems?: number;
};

type EditorField = Record<string, unknown> & { name: string };

/**
 * An upload the build can read: of its types and size, from the computer only. No web address
 * and no stock photo, which the build cannot size or keep (Sveltia's `choose_url`, `stock_assets`).
 */
const upload = (accept: readonly string[], maxBytes: number) => ({
  accept: accept.join(","),
  choose_url: false,
  media_libraries: { all: { max_file_size: maxBytes }, stock_assets: false },
});

/** A folder entry's file name, offered from its title and checked as the build checks it. */
const entrySlug = (
  titleField: string,
  hint = "Part of its address, offered from the title: it cannot be changed once saved",
) => ({
  template: `{{fields.${titleField}}}`,
  editable: ["create"],
  pattern: [fileNamePattern.source, fileNameRule],
  hint,
});

/** A web address the build accepts (z.url()), as the editor checks it while typing. */
const webAddress = ["^https?://[^\\s]+$", "Enter a full web address, starting with https://"];

/** The collapsed line of a list item: the field that tells items apart, as the page shows it. */
const summaryFields = ["heading", "featureName", "question", "label", "text", "name", "alt"];

function stringRules(schema: JsonSchema) {
  if (schema.pattern && !schema.patternMessage) {
    // The editor shows the message beside the field; a regular expression says nothing to them.
    throw new Error(`the pattern ${schema.pattern} has no words for the editor (patternMessage)`);
  }
  if (schema.pattern) return { pattern: [schema.pattern, schema.patternMessage] };
  return schema.format === "uri" ? { pattern: webAddress } : {};
}

/** A field's words, by its path in the file. */
type WordsOf = (path: string) => FieldWords;

// What a file may leave out (a decorative picture's description, bullet points) the editor may
// leave empty, and then writes nothing for it.
function editorField(
  path: string,
  schema: JsonSchema,
  wordsOf: WordsOf,
  required = true,
): EditorField {
  const name = path.split(".").at(-1) ?? path;
  const words = wordsOf(path);
  const optional = required ? {} : { required: false };
  const base = { name, label: words.label, hint: words.hint, ...optional };
  if (schema.enum) return { ...base, widget: "select", options: schema.enum };
  if (schema.type === "boolean") return { ...base, widget: "boolean", ...stringRules(schema) };
  if (schema.type === "integer" || schema.type === "number") {
    const int = schema.type === "integer" ? { value_type: "int" } : { value_type: "float" };
    const min = schema.exclusiveMinimum !== undefined ? { min: schema.exclusiveMinimum + 1 } : {};
    return { ...base, widget: "number", ...int, ...min };
  }
  if (words.widget === "image") {
    return {
      ...base,
      widget: "image",
      ...upload(photoTypes, maxPhotoBytes),
      ...stringRules(schema),
    };
  }
  if (schema.format === "date") {
    return { ...base, widget: "datetime", time_format: false, format: "YYYY-MM-DD" };
  }
  if (words.widget === "file") {
    // Uploaded beside the documents' files; the build reads the file by its name.
    return {
      ...base,
      widget: "file",
      media_folder: `/app/content/${documentFilesFolder}`,
      public_folder: "",
      ...upload(["application/pdf", ".pdf"], maxDocumentBytes),
      ...stringRules(schema),
    };
  }
  if (words.widget === "relation") {
    // Chosen from the products (or documents) by name; the file name is what the content stores.
    const collection = words.collection ?? productFolder;
    const title = collection === productFolder ? "page.title" : "title";
    return {
      ...base,
      widget: "relation",
      ...(schema.type === "array" && { multiple: true }),
      collection,
      value_field: "{{slug}}",
      search_fields: [title],
      display_fields: [title],
    };
  }
  if (schema.type === "string") {
    return { ...base, widget: words.widget ?? "string", ...stringRules(schema) };
  }
  if (schema.type === "object") {
    return { ...base, widget: "object", fields: objectFields(schema, path, wordsOf) };
  }
  const item = schema.items;
  if (schema.type !== "array" || !item) {
    throw new Error(`the editor has no field for ${name} (${JSON.stringify(schema)})`);
  }
  const list = { ...base, widget: "list", min: schema.minItems };
  const variants = item.oneOf;
  if (variants) {
    // The field each kind of item fixes to its own value (zod's discriminator) names the kind.
    const kindOf = (variant: JsonSchema) =>
      Object.entries(variant.properties ?? {}).find(([, property]) => property.const);
    const typeKey = variants[0] && kindOf(variants[0])?.[0];
    if (!typeKey) throw new Error("a list of several kinds of item needs a field naming the kind");
    const types = variants.map((variant) => {
      const kind = `${path}.${kindOf(variant)?.[1].const}`;
      return {
        ...editorField(kind, { type: "object" }, wordsOf),
        summary: summary(variant),
        fields: objectFields(variant, kind, wordsOf, typeKey),
      };
    });
    return { ...list, typeKey, types };
  }
  if (item.type === "object") {
    const fields = objectFields(item, path, wordsOf);
    return { ...list, collapsed: true, summary: summary(item), fields };
  }
  return { ...list, field: editorField(`${path}.item`, item, wordsOf) };
}

function summary(item: JsonSchema) {
  const name = summaryFields.find((field) => item.properties?.[field]);
  return name && `{{fields.${name}}}`;
}

/** An object's fields, but for the one (a list item's kind) the editor keeps itself. */
function objectFields(
  schema: JsonSchema,
  path: string,
  wordsOf: WordsOf,
  typeKey?: string,
): EditorField[] {
  const required = new Set(schema.required);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => name !== typeKey)
    .map(([name, property]) =>
      editorField(path ? `${path}.${name}` : name, property, wordsOf, required.has(name)),
    );
}

/**
 * A content file's form: its schema's fields (the input side: a field with a default may be
 * absent), each with its words by its path.
 */
export function editorFields(schema: z.ZodType, words: Record<string, FieldWords>): EditorField[] {
  const wordsOf = (path: string) => {
    const found = words[path];
    if (!found) throw new Error(`the editor has no words for the field ${path} (cms-fields.ts)`);
    return found;
  };
  return objectFields(z.toJSONSchema(schema, { io: "input" }) as JsonSchema, "", wordsOf);
}

/** A collection's form. */
const formOf = (collection: CollectionName) =>
  editorFields(siteCollections[collection].schema, cmsFields[collection]);

/** Every content file the editor has a form for, with its title and collection. */
export const editorFilesOf = (
  pages: readonly PageEntry[],
): Record<string, { title: string; collection: CollectionName }> => ({
  ...Object.fromEntries(
    pages.map((page) => [contentFileOf(page), { title: page.editorTitle, collection: page.kind }]),
  ),
  [siteShellFileName]: { title: "Header, footer and error pages", collection: "shell" },
  [companyFileName]: {
    title: "Phone, WhatsApp, address and Information Officer",
    collection: "company",
  },
  [caseStudiesPageFileName]: {
    title: "Case studies: page and headings",
    collection: "caseStudiesPage",
  },
});

/** The content files' YAML style (cms-config.test.ts), so a publish changes only what was edited. */
export const editorYamlStyle = { indent_size: 2, indent_sequences: true, quote: "none" } as const;

/** One form per content file, committed to CMS_GITHUB_REPO, signed in through VITE_SITE_URL. */
export function cmsConfig(
  settings: { repo?: string; branch?: string; siteUrl?: string } = {},
  pages: readonly PageEntry[] = pageList,
) {
  const { repo, branch, siteUrl } = settings;
  return {
    backend: {
      name: "github",
      // The editor needs a repository to start; without one it still works on a local folder
      // (`npm run cms`) and says where to set it.
      repo: repo || "set-CMS_GITHUB_REPO/in-the-build-settings",
      branch: branch || "main",
      // The sign-in popup goes to our own service (server/admin/sign-in.ts), not a third party.
      base_url: siteUrl,
      auth_endpoint: "api/cms/auth",
    },
    // Pictures are chosen by name from the fixed list; editors do not upload files.
    media_folder: "app/assets/illustrations",
    // An entry's file name offered from its title keeps to what the build takes (entrySlug):
    // accents made plain letters, every other character a hyphen.
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    site_url: siteUrl,
    // An optional field left empty is left out of the file, as the files are kept.
    output: { omit_empty_optional_fields: true, yaml: editorYamlStyle },
    collections: [
      {
        name: "content",
        label: "Site content",
        files: Object.entries(editorFilesOf(pages)).map(([file, { title, collection }]) => ({
          name: file.replace(/\.yaml$/, ""),
          label: title,
          file: `app/content/${file}`,
          fields: formOf(collection),
        })),
      },
      {
        // One file per study, named from its title; its photos are uploaded beside it.
        name: "case-studies",
        label: "Case studies",
        label_singular: "Case study",
        folder: `app/content/${caseStudiesFolder}`,
        extension: "yaml",
        format: "yaml",
        create: true,
        slug: entrySlug("title"),
        identifier_field: "title",
        summary: "{{title}} ({{date}})",
        media_folder: "photos",
        public_folder: "./photos",
        fields: formOf("caseStudies"),
      },
      {
        // A folder: adding a product is one new entry, its file named by its address.
        name: productFolder,
        label: "Products",
        label_singular: "Product",
        folder: `app/content/${productFolder}`,
        extension: "yaml",
        format: "yaml",
        create: true,
        // The file name is how others name the product: offered from its name, then kept.
        slug: entrySlug(
          "page.title",
          "How the site names it, offered from its name: it cannot be changed once saved. Its page's address can, under Address",
        ),
        identifier_field: "page.title",
        summary: "{{page.title}}",
        // Its photo is uploaded beside the products, as a study's beside the studies.
        media_folder: "photos",
        public_folder: "./photos",
        fields: formOf("products"),
      },
      {
        // One entry per PDF the company publishes; its file is uploaded in the entry.
        name: documentFolder,
        label: "Documents",
        label_singular: "Document",
        folder: `app/content/${documentFolder}`,
        extension: "yaml",
        format: "yaml",
        create: true,
        slug: entrySlug("title"),
        identifier_field: "title",
        summary: "{{title}} ({{kind}}, {{version}})",
        fields: formOf("documents"),
      },
    ],
  };
}

// The editor's page: no inline script, so its policy can forbid them. `styles` are the site's
// CSS, for the preview pane: preloaded here, not applied to the editor.
export function adminPage(scripts: readonly string[], styles: readonly string[] = []): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor</title>
<link href="/admin/config.yml" type="application/yaml" rel="cms-config-url">
${styles.map((href) => `<link rel="preload" as="style" href="${href}">\n`).join("")}</head>
<body>
${scripts.map((src) => `<script type="module" src="${src}"></script>`).join("\n")}
</body>
</html>
`;
}
