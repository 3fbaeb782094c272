// The editor at /admin (Decap CMS): its page, its bundle and its configuration, generated at
// build time from the content schemas so the editor offers exactly the fields the build accepts.
// See docs/decisions/0013-git-based-content-editor.md.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { stringify } from "yaml";
import { z } from "zod";
import { contentFiles } from "./schemas.ts";

type DecapField = Record<string, unknown>;

type Meta = { title?: string; hint?: string; widget?: string };

function metaOf(schema: z.ZodType): Meta {
  return (schema.meta() as Meta | undefined) ?? {};
}

function decapField(name: string, schema: z.ZodType, inherited: Meta = {}): DecapField {
  const meta = { ...inherited, ...metaOf(schema) };
  const base = {
    name,
    label: meta.title ?? name,
    ...(meta.hint ? { hint: meta.hint } : {}),
  };
  if (schema instanceof z.ZodOptional) {
    return { ...decapField(name, schema.unwrap() as z.ZodType, meta), required: false };
  }
  if (schema._zod.def.type === "string") {
    return { ...base, widget: meta.widget ?? "string" };
  }
  if (schema instanceof z.ZodEnum) {
    return { ...base, widget: "select", options: schema.options };
  }
  if (schema instanceof z.ZodObject) {
    return { ...base, widget: "object", fields: objectFields(schema) };
  }
  if (schema instanceof z.ZodArray) {
    const element = schema.element as z.ZodType;
    const min = schema._zod.bag.minimum;
    const list = { ...base, widget: "list", ...(typeof min === "number" ? { min } : {}) };
    if (element instanceof z.ZodDiscriminatedUnion) {
      const typeKey = element._zod.def.discriminator;
      return {
        ...list,
        typeKey,
        types: element.options.map((option) => {
          const object = option as z.ZodObject;
          const type = (object.shape[typeKey] as z.ZodLiteral).value;
          return {
            name: type,
            label: metaOf(object).title ?? String(type),
            widget: "object",
            fields: objectFields(object, typeKey),
          };
        }),
      };
    }
    if (element instanceof z.ZodObject) {
      return {
        ...list,
        collapsed: true,
        summary: "{{fields.heading}}{{fields.featureName}}",
        fields: objectFields(element),
      };
    }
    const { name: _ignored, label: _label, ...inner } = decapField("item", element);
    return { ...list, field: { name: "item", label: metaOf(element).title ?? name, ...inner } };
  }
  throw new Error(`the editor has no field for ${name} (${schema._zod.def.type})`);
}

/** An object's fields, but for the one (a list item's type) Decap keeps itself. */
function objectFields(schema: z.ZodObject, typeKey?: string): DecapField[] {
  return Object.entries(schema.shape)
    .filter(([name]) => name !== typeKey)
    .map(([name, field]) => decapField(name, field as z.ZodType));
}

export type CmsSettings = {
  /** CMS_GITHUB_REPO: owner/name of the repository the editor commits to. */
  repo?: string;
  /** CMS_GITHUB_BRANCH: the branch whose commits are built and deployed. */
  branch?: string;
  /** VITE_SITE_URL: the origin the editor (and its sign-in route) is served from. */
  siteUrl?: string;
  /** Set by `npm run cms`: the port of decap-server on this machine. */
  localBackendPort?: string;
};

/** Decap's configuration: one collection, a form per content file. */
export function cmsConfig(settings: CmsSettings = {}): Record<string, unknown> {
  const { repo, siteUrl, localBackendPort } = settings;
  return {
    backend: {
      name: "github",
      ...(repo ? { repo } : {}),
      branch: settings.branch || "main",
      // The sign-in popup goes to our own service (server/cms-auth.ts), not a third party.
      ...(siteUrl ? { base_url: siteUrl } : {}),
      auth_endpoint: "api/cms/auth",
    },
    // `npm run cms`: decap-server on this machine writes the working tree's files instead.
    // Decap honours it only when the editor is opened on localhost.
    ...(localBackendPort
      ? { local_backend: { url: `http://127.0.0.1:${localBackendPort}/api/v1` } }
      : {}),
    // Pictures are chosen by name from the fixed list; editors do not upload files.
    media_folder: "app/assets/illustrations",
    site_url: siteUrl,
    collections: [
      {
        name: "content",
        label: "Site content",
        editor: { preview: false },
        files: Object.entries(contentFiles).map(([file, { title, schema }]) => ({
          name: file.replace(/\.yaml$/, ""),
          label: title,
          file: `app/content/${file}`,
          fields: objectFields(schema),
        })),
      },
    ],
  };
}

export function cmsConfigYaml(settings: CmsSettings = {}): string {
  return stringify(cmsConfig(settings), { lineWidth: 0 });
}

/** The editor's page: no inline script, so its own policy can forbid them. */
export function adminPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor</title>
<link href="/admin/config.yml" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="/admin/decap-cms.js"></script>
</body>
</html>
`;
}

/** Decap's bundle and the chunks it loads on demand, from its npm package. */
export function decapBundleFiles(): string[] {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve("decap-cms/dist/decap-cms.js"));
  return readdirSync(dist)
    .filter((name) => name.endsWith("decap-cms.js") || name.endsWith(".wasm"))
    .map((name) => join(dist, name));
}
