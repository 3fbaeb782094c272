// The editor at /admin (Sveltia CMS): its page and its configuration, generated from the content
// schemas so the editor offers exactly the fields the build accepts and refuses, beside the
// field, what the build would refuse (decision 0013).
import { stringify } from "yaml";
import { z } from "zod";
import { type PageEntry, pageList } from "./page-list.ts";
import { contentFilesOf } from "./schemas.ts";

/**
 * The part of JSON Schema that z.toJSONSchema writes for our schemas, plus the keys our
 * `.meta()` calls add (title, hint, widget, patternMessage), which it copies through.
 */
type JsonSchema = {
  type?: string;
  title?: string;
  hint?: string;
  widget?: string;
  patternMessage?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: string[];
  const?: string;
  pattern?: string;
  format?: string;
  minItems?: number;
};

type EditorField = Record<string, unknown> & { name: string };

/** A web address the build accepts (z.url()), as the editor checks it while typing. */
const webAddress = ["^https?://[^\\s]+$", "Enter a full web address, starting with https://"];

/** The collapsed line of a list item: the field that tells items apart, as the page shows it. */
const summaryFields = ["heading", "featureName", "label", "text", "name"];

function stringRules(schema: JsonSchema): Record<string, unknown> {
  if (schema.pattern && !schema.patternMessage) {
    // The editor shows the message beside the field; a regular expression says nothing to them.
    throw new Error(`the pattern ${schema.pattern} has no words for the editor (patternMessage)`);
  }
  if (schema.pattern) return { pattern: [schema.pattern, schema.patternMessage] };
  return schema.format === "uri" ? { pattern: webAddress } : {};
}

function editorField(name: string, schema: JsonSchema, present: boolean): EditorField {
  const base = {
    name,
    label: schema.title ?? name,
    ...(schema.hint ? { hint: schema.hint } : {}),
  };
  // What the file must hold the editor requires; what may be left out (a decorative picture's
  // description, bullet points) it may leave empty, and then writes nothing for it.
  const required = present ? {} : { required: false };
  if (schema.enum) {
    return { ...base, widget: "select", options: schema.enum, ...required };
  }
  if (schema.type === "string") {
    return { ...base, widget: schema.widget ?? "string", ...stringRules(schema), ...required };
  }
  if (schema.type === "object") {
    return { ...base, widget: "object", fields: objectFields(schema), ...required };
  }
  if (schema.type === "array" && schema.items) {
    const list = {
      ...base,
      widget: "list",
      ...(schema.minItems ? { min: schema.minItems } : {}),
      ...required,
    };
    const item = schema.items;
    const variants = item.oneOf ?? item.anyOf;
    if (variants) {
      const typeKey = discriminator(variants);
      return {
        ...list,
        typeKey,
        types: variants.map((variant) => ({
          name: variant.properties?.[typeKey]?.const,
          label: variant.title ?? variant.properties?.[typeKey]?.const,
          widget: "object",
          summary: summary(variant),
          fields: objectFields(variant, typeKey),
        })),
      };
    }
    if (item.type === "object") {
      return { ...list, collapsed: true, summary: summary(item), fields: objectFields(item) };
    }
    const { name: _name, label: _label, ...inner } = editorField("item", item, true);
    return { ...list, field: { name: "item", label: item.title ?? base.label, ...inner } };
  }
  throw new Error(`the editor has no field for ${name} (${JSON.stringify(schema)})`);
}

/** The property every variant of a list item fixes to its own value (zod's discriminator). */
function discriminator(variants: JsonSchema[]): string {
  const key = Object.keys(variants[0]?.properties ?? {}).find((name) =>
    variants.every((variant) => variant.properties?.[name]?.const !== undefined),
  );
  if (!key) throw new Error("a list of several kinds of item needs a field naming the kind");
  return key;
}

function summary(item: JsonSchema): string | undefined {
  const names = Object.entries(item.properties ?? {})
    .filter(([, property]) => property.type === "string" && !property.enum && !property.const)
    .map(([name]) => name);
  const name = summaryFields.find((candidate) => names.includes(candidate)) ?? names[0];
  return name ? `{{fields.${name}}}` : undefined;
}

/** An object's fields, but for the one (a list item's kind) the editor keeps itself. */
function objectFields(schema: JsonSchema, typeKey?: string): EditorField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => name !== typeKey)
    .map(([name, property]) => editorField(name, property, required.has(name)));
}

/**
 * A content file's form, from its schema's JSON Schema (zod's public conversion). The editor
 * writes what the build reads, so the schema's input side: a field with a default may be absent.
 */
export function editorFields(schema: z.ZodType): EditorField[] {
  return objectFields(z.toJSONSchema(schema, { io: "input" }) as JsonSchema);
}

export type CmsSettings = {
  /** CMS_GITHUB_REPO: owner/name of the repository the editor commits to. */
  repo?: string;
  /** CMS_GITHUB_BRANCH: the branch whose commits are built and deployed. */
  branch?: string;
  /** VITE_SITE_URL: the origin the editor (and its sign-in route) is served from. */
  siteUrl?: string;
};

/**
 * How the editor writes YAML: the style the content files are kept in (checked by
 * cms-config.test.ts), so a publish changes only the lines the editor changed.
 */
export const editorYamlStyle = { indent_size: 2, indent_sequences: true, quote: "none" } as const;

/**
 * The editor's configuration: one collection, a form per content file: one per page of the
 * list (named by the page's id), and the site's shell.
 */
export function cmsConfig(
  settings: CmsSettings = {},
  pages: readonly PageEntry[] = pageList,
): Record<string, unknown> {
  const { repo, siteUrl } = settings;
  return {
    backend: {
      name: "github",
      // The editor needs a repository to start; a build without CMS_GITHUB_REPO still gets a
      // working editor for `npm run cms` (local folder) and says where to set it.
      repo: repo || "set-CMS_GITHUB_REPO/in-the-build-settings",
      branch: settings.branch || "main",
      // The sign-in popup goes to our own service (server/admin/cms-auth.ts), not a third party.
      ...(siteUrl ? { base_url: siteUrl } : {}),
      auth_endpoint: "api/cms/auth",
    },
    // Pictures are chosen by name from the fixed list; editors do not upload files.
    media_folder: "app/assets/illustrations",
    ...(siteUrl ? { site_url: siteUrl } : {}),
    // An optional field left empty is left out of the file, as the files are kept.
    output: { omit_empty_optional_fields: true, yaml: editorYamlStyle },
    collections: [
      {
        name: "content",
        label: "Site content",
        files: Object.entries(contentFilesOf(pages)).map(([file, { title, schema }]) => ({
          name: file.replace(/\.yaml$/, ""),
          label: title,
          file: `app/content/${file}`,
          fields: editorFields(schema),
        })),
      },
    ],
  };
}

export function cmsConfigYaml(settings: CmsSettings = {}): string {
  return stringify(cmsConfig(settings), { lineWidth: 0 });
}

/**
 * The editor's page: no inline script, so its own policy can forbid them. `scripts` are the
 * editor's built module (or, on the dev server, its source); `styles` the site's CSS, which the
 * preview pane applies to the page it shows (preloaded here, not applied to the editor).
 */
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
