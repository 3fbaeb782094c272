import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { z } from "zod";
import { caseStudiesPageFileName, caseStudyFile } from "./case-study-schema";
import { cmsConfig, editorFields, editorFilesOf, editorYamlStyle } from "./cms-config";
import { cmsFields } from "./cms-fields";
import { companyFileName } from "./company-schema";
import { type CollectionName, contentDir, contentEntries, siteCollections } from "./content-files";
import { contentFileOf, pageList } from "./page-list";
import { pictureNames } from "./picture-list";
import { fileNamePattern, pageSchemas, siteShellFileName } from "./schemas";
import { caseStudiesPage, pageFile, shellFile, sitePage } from "./site-content";

const contentFiles = editorFilesOf(pageList);
const fixtures = join(import.meta.dirname, "fixtures");
const fixture = (path: string, dir = fixtures) => parse(readFileSync(join(dir, path), "utf8"));
const productFiles = readdirSync(join(contentDir(), "products"));

/** A content file by name, as the build reads it. */
function contentOf(name: string): unknown {
  if (name === siteShellFileName) return shellFile();
  // Launch content gives no contact detail: the fixture gives every one.
  if (name === companyFileName) return fixture(`proof/${name}`);
  if (name === caseStudiesPageFileName) return caseStudiesPage();
  const page = pageList.find((candidate) => contentFileOf(candidate) === name);
  if (!page) throw new Error(`no content file ${name}`);
  return pageFile(page);
}

type Field = {
  name: string;
  hint?: string;
  widget?: string;
  required?: boolean;
  pattern?: [string, string];
  options?: string[];
  fields?: Field[];
  field?: Field;
  types?: (Field & { name: string })[];
  typeKey?: string;
  value_type?: string;
  min?: number;
  accept?: string;
  choose_url?: boolean;
};
type FileEntry = { name: string; file: string; fields: Field[] };

const files = (cmsConfig().collections[0]?.files ?? []) as FileEntry[];
const entry = (name: string) => files.find((file) => file.name === name);
const field = (fields: Field[] | undefined, path: string): Field | undefined => {
  const [head, ...rest] = path.split(".");
  const found = fields?.find((candidate) => candidate.name === head);
  return rest.length === 0 ? found : field(found?.fields, rest.join("."));
};

/** Every value of a content file is edited by a field of the editor's form for it, and no other. */
function unedited(value: unknown, fields: Field | Field[], path = ""): string[] {
  if (Array.isArray(fields)) {
    if (typeof value !== "object" || value === null) return [`${path}: not an object`];
    const names = new Set(fields.map((candidate) => candidate.name));
    return Object.entries(value).flatMap(([key, inner]) => {
      const match = fields.find((candidate) => candidate.name === key);
      return match && names.has(key)
        ? unedited(inner, match, `${path}.${key}`)
        : [`${path}.${key}`];
    });
  }
  if (fields.widget === "list" && Array.isArray(value)) {
    return value.flatMap((item, index) => {
      const at = `${path}[${index}]`;
      if (fields.types && fields.typeKey) {
        const { [fields.typeKey]: type, ...rest } = item as Record<string, unknown>;
        const typed = fields.types.find((candidate) => candidate.name === type);
        return typed?.fields ? unedited(rest, typed.fields, at) : [`${at}: type ${String(type)}`];
      }
      if (fields.fields) return unedited(item, fields.fields, at);
      return fields.field ? unedited(item, fields.field, at) : [at];
    });
  }
  if (fields.widget === "object") return unedited(value, fields.fields ?? [], path);
  if (fields.widget === "relation" && Array.isArray(value)) {
    return value.flatMap((item, index) => (typeof item === "string" ? [] : [`${path}[${index}]`]));
  }
  if (fields.widget === "select") return fields.options?.includes(String(value)) ? [] : [path];
  const type = fields.widget === "number" || fields.widget === "boolean" ? fields.widget : "string";
  return typeof value === type ? [] : [`${path}: ${typeof value}`];
}

describe("the editor's configuration", () => {
  it("has a form for each content file, writing that file", () => {
    expect(files.map((file) => file.file)).toEqual(
      Object.keys(contentFiles).map((name) => `app/content/${name}`),
    );
  });

  it.each(Object.keys(contentFiles))("offers a field for every value in %s", (name) => {
    const form = entry(name.replace(/\.yaml$/, ""));
    expect(form).toBeDefined();
    expect(unedited(contentOf(name), form?.fields ?? [])).toEqual([]);
  });

  type Folder = { name: string; folder: string; create?: boolean; fields: Field[] };
  const folders = cmsConfig().collections as unknown as Folder[];
  const folder = (name: string) => folders.find((collection) => collection.name === name);
  // A folder: adding an entry (a product too) is one new file.
  it.each([
    ["case-studies", "proof/case-studies/sunbird-estate.yaml", fixtures],
    ["documents", "documents/installation-guide.yaml", fixtures],
    ["documents", "documents/routing-module-datasheet.yaml", fixtures],
    ...productFiles.map((name) => ["products", `products/${name}`, contentDir()]),
  ])("offers a field for every value of an entry of %s as the editor writes it (%s)", (...row) => {
    const [name = "", path = "", dir] = row;
    expect(folder(name)).toMatchObject({ folder: `app/content/${name}`, create: true });
    expect(unedited(fixture(path, dir), folder(name)?.fields ?? [])).toEqual([]);
  });

  it("offers every field of a case study that the build reads, in schema order", () => {
    const names = folder("case-studies")?.fields.map((field) => field.name);
    expect(names).toEqual(Object.keys(caseStudyFile(z.string()).shape));
  });

  it.each([
    ["a case study", () => folder("case-studies")?.fields, "products", { multiple: true }],
    ["a document", () => folder("documents")?.fields, "products", { multiple: true }],
    ["a question", () => entry("faq")?.fields, "questions.products", { required: false }],
    [
      "a feature row",
      () => entry("hardware")?.fields,
      "features.product",
      { value_field: "{{slug}}", required: false },
    ],
  ])("lets %s name products, chosen from the products' entries", (_, fields, path, more) => {
    const [outer = "", inner = ""] = path.split(".");
    const found = inner ? field(field(fields(), outer)?.fields, inner) : field(fields(), outer);
    expect(found).toMatchObject({ widget: "relation", collection: "products", ...more });
  });

  it("uploads a document's file to its folder, and dates it", () => {
    expect(field(folder("documents")?.fields, "file")).toMatchObject({
      widget: "file",
      media_folder: "/app/content/documents/files",
    });
    expect(field(folder("documents")?.fields, "issued")).toMatchObject({ widget: "datetime" });
  });

  it("offers pictures only from the fixed list, and contact pictures only on the contact page", () => {
    expect(field(entry("home")?.fields, "hero.illustration.picture")).toMatchObject({
      widget: "select",
      options: pictureNames,
    });
    const contactOptions = field(entry("contact")?.fields, "hero.illustration.picture")?.options;
    expect(contactOptions?.length).toBeGreaterThan(0);
    expect(contactOptions?.every((name) => name.startsWith("contact-"))).toBe(true);
  });

  it("marks optional fields as optional, and long texts as multi-line", () => {
    const features = field(entry("home")?.fields, "features");
    expect(field(features?.fields, "bulletPoints")?.required).toBe(false);
    expect(field(features?.fields, "heading")?.required).toBeUndefined();
    expect(field(features?.fields, "paragraph")?.widget).toBe("text");
  });

  it("lets a decorative picture keep an empty description, as the build does", () => {
    const alt = field(entry("contact")?.fields, "hero.illustration.alt");
    expect(alt?.required).toBe(false);
    expect(alt?.hint).toMatch(/empty/);
    // The build takes a picture without one as decoration.
    const { file } = sitePage("contact", "contact");
    const { alt: _, ...picture } = file.hero.illustration;
    const parsed = pageSchemas.contact.parse({
      ...file,
      hero: { ...file.hero, illustration: picture },
    });
    expect(parsed.hero.illustration.alt).toBe("");
    expect(cmsConfig().output).toMatchObject({ omit_empty_optional_fields: true });
  });

  it.each([
    ["home", "hero.heading", "Water for {companyName}", "Water for {company}", /\{companyName\}/],
    ["home", "hero.heading", "Wáter ≤ 50 °C µ", "Water 💧", /emoji/],
    ["products", "specifications.name", "Maksimumdrukvermoë", "Flow ✓", /emoji/],
    ["privacy", "sections.id", "who-we-are", "Who we are", /hyphens/],
    [
      "contact",
      "enquiryForm.botCheckNotice.privacy.href",
      "https://policies.google.com/privacy",
      "policies.google.com",
      /./,
    ],
  ])("refuses in %s's %s, with the build's own message, what the build refuses", (...args) => {
    const [name, path, good, bad, words] = args;
    const fields = (entry(name) ?? folder(name))?.fields;
    const [pattern = "", message = ""] = field(fields, path)?.pattern ?? [];
    expect(new RegExp(pattern).test(good)).toBe(true);
    expect(new RegExp(pattern).test(bad)).toBe(false);
    expect(message).toMatch(words);
  });

  it("passes a list's minimum on, and wants words for every pattern and every field", () => {
    const words = { list: { label: "List" }, "list.item": { label: "Item" }, code: { label: "" } };
    const [list] = editorFields(z.object({ list: z.array(z.string().min(1)).min(2) }), words);
    expect(list).toMatchObject({ widget: "list", min: 2 });
    expect(() => editorFields(z.object({ code: z.string().regex(/^[A-Z]+$/) }), words)).toThrow(
      /no words for the editor/,
    );
    expect(() =>
      editorFields(z.object({ list: z.array(z.string()), more: z.string() }), words),
    ).toThrow(/no words for the field more/);
  });

  /** The paths of a form's fields, as cms-fields.ts names them. */
  const pathsOf = (fields: Field[], at = ""): string[] =>
    fields.flatMap((inner) => {
      const path = at ? `${at}.${inner.name}` : inner.name;
      const kinds = (inner.types ?? []).flatMap((kind) => [
        `${path}.${kind.name}`,
        ...pathsOf(kind.fields ?? [], `${path}.${kind.name}`),
      ]);
      const item = inner.field ? [`${path}.item`] : [];
      return [path, ...pathsOf(inner.fields ?? [], path), ...kinds, ...item];
    });
  it.each(Object.keys(cmsFields) as CollectionName[])(
    "has words for every field of %s, and for no other",
    (collection) => {
      const file = Object.entries(contentFiles).find(([, form]) => form.collection === collection);
      const fields = file
        ? entry(file[0].replace(/\.yaml$/, ""))?.fields
        : folder(collection === "caseStudies" ? "case-studies" : collection)?.fields;
      expect(pathsOf(fields ?? []).sort()).toEqual(Object.keys(cmsFields[collection]).sort());
    },
  );

  it("signs in through our own service", () => {
    const backend = cmsConfig({ repo: "owner/site" }).backend as Record<string, string>;
    expect(backend).toMatchObject({
      name: "github",
      repo: "owner/site",
      auth_endpoint: "api/cms/auth",
    });
  });

  it.each([...Object.keys(contentFiles), ...productFiles.map((name) => `products/${name}`)])(
    "%s is kept in the editor's YAML style, so a publish changes only what was edited",
    (name) => {
      // The editor's writer (Sveltia CMS's formatYAML: the yaml package with these options).
      const text = readFileSync(join(contentDir(), name), "utf8");
      const editorStyle = `${stringify(parse(text), {
        indent: editorYamlStyle.indent_size,
        indentSeq: editorYamlStyle.indent_sequences,
        lineWidth: 0,
        defaultKeyType: "PLAIN",
        defaultStringType: "PLAIN",
        singleQuote: true,
      }).trim()}\n`;
      expect(text).toBe(editorStyle);
    },
  );
});

// What the editor lets be saved, as Sveltia CMS checks a field (its pattern is "/source/flags" or
// a bare source), beside what the build's schema takes: for every collection and every field.
const editorPattern = (pattern: string) => {
  const { source = "", flags = "" } =
    pattern.match(/^\/?(?<source>.+?)(?:\/(?<flags>[dgimsuy]*))?$/)?.groups ?? {};
  return new RegExp(source, flags);
};
const mimeOf: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};
const strings = [
  "",
  "Aquasonic 2.0",
  "aquasonic_2",
  "slim-meter-kliënt",
  "Water 💧 meter",
  "https://example.com/a.png",
  "{companyName}",
  "a {b}",
];
const probes: Record<string, unknown[]> = {
  string: strings,
  text: strings,
  boolean: [true, false],
  number: [0, 1, 2.5, -3],
  image: ["./photos/meter.jpg", "./photos/meter.gif", "https://example.com/meter.jpg"],
  file: ["guide.pdf", "guide.png", "https://example.com/guide.pdf"],
};

function editorTakes(field: Field, value: unknown): boolean {
  if (value === "" || value === undefined) return field.required === false;
  if (field.widget === "select") return field.options?.includes(String(value)) ?? false;
  if (field.widget === "number") {
    const int = field.value_type === "int" ? Number.isInteger(value) : true;
    return int && (field.min === undefined || Number(value) >= field.min);
  }
  if (field.widget === "image" || field.widget === "file") {
    const text = String(value);
    if (/^https?:/.test(text) && field.choose_url !== false) return true;
    if (/^https?:/.test(text)) return false;
    const accepted = field.accept?.split(",") ?? [];
    const extension = text.split(".").pop() ?? "";
    if (!accepted.includes(mimeOf[extension] ?? "?") && !accepted.includes(`.${extension}`)) {
      return false;
    }
  }
  return field.pattern ? editorPattern(field.pattern[0]).test(String(value)) : true;
}

type Leaf = { path: (string | number)[]; field: Field };
/** The fields the editor writes a value to, at their place in an entry (a list's first item). */
function leaves(fields: Field[], value: unknown, path: (string | number)[] = []): Leaf[] {
  const object = (value ?? {}) as Record<string, unknown>;
  return fields.flatMap((inner) => {
    const at = [...path, inner.name];
    const current = object[inner.name];
    if (inner.widget === "object") return current ? leaves(inner.fields ?? [], current, at) : [];
    if (inner.widget === "list") {
      const [item] = Array.isArray(current) ? current : [];
      if (item === undefined) return [];
      if (inner.types && inner.typeKey) {
        const type = inner.types.find((kind) => kind.name === item[inner.typeKey ?? ""]);
        return leaves(type?.fields ?? [], item, [...at, 0]);
      }
      if (inner.fields) return leaves(inner.fields, item, [...at, 0]);
      return inner.field ? [{ path: [...at, 0], field: inner.field }] : [];
    }
    // A product is chosen from the products' entries, whose names the build checks (below).
    if (inner.widget === "relation" || inner.widget === "datetime") return [];
    return [{ path: at, field: inner }];
  });
}

function withValue(entry: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(entry) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1) ?? "";
  // The editor writes no empty optional field.
  if (value === "" || value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

describe("the editor and the build take the same values", () => {
  const folders = cmsConfig().collections.slice(1) as unknown as {
    name: string;
    fields: Field[];
  }[];
  const schemaOf: Record<string, z.ZodType> = {
    "case-studies": siteCollections.caseStudies.schema,
    products: siteCollections.products.schema,
    documents: siteCollections.documents.schema,
  };
  const entryOf: Record<string, unknown> = {
    "case-studies": fixture("proof/case-studies/sunbird-estate.yaml"),
    products: fixture("remote-valve.yaml"),
    documents: fixture("documents/installation-guide.yaml"),
  };
  const collections = [
    ...Object.entries(contentFiles).map(([name, { collection }]) => ({
      name,
      schema: siteCollections[collection].schema as z.ZodType,
      entry: contentOf(name),
      fields: entry(name.replace(/\.yaml$/, ""))?.fields ?? [],
    })),
    ...folders.map(({ name, fields }) => ({
      name,
      schema: schemaOf[name] as z.ZodType,
      entry: entryOf[name],
      fields,
    })),
  ];

  it.each(collections)("in every field of $name", ({ schema, entry, fields }) => {
    expect(schema.safeParse(entry).success).toBe(true);
    const disagreements = leaves(fields, entry).flatMap(({ path, field }) =>
      (probes[field.widget ?? "string"] ?? []).flatMap((value) => {
        const editor = editorTakes(field, value);
        const build = schema.safeParse(withValue(entry, path, value)).success;
        return editor === build
          ? []
          : [`${path.join(".")} = ${JSON.stringify(value)}: editor ${editor}, build ${build}`];
      }),
    );
    expect(disagreements).toEqual([]);
  });

  it.each(folders.map(({ name }) => name))("in the file names of %s", (name) => {
    const { slug } = folders.find((folder) => folder.name === name) as unknown as {
      slug: { template: string; pattern: [string, string] };
    };
    expect(slug.template).toMatch(/^\{\{fields\.(page\.)?title\}\}$/);
    const dir = mkdtempSync(join(tmpdir(), "names-"));
    mkdirSync(join(dir, name));
    for (const file of ["aquasonic-2.0", "aquasonic_2", "slim-meter-kliënt", "aquasonic-2"]) {
      writeFileSync(join(dir, name, `${file}.yaml`), "{}\n");
      const build = (() => {
        try {
          return (
            contentEntries(name === "case-studies" ? "caseStudies" : (name as "products"), dir)
              .length > 0
          );
        } catch {
          return false;
        }
      })();
      expect([file, editorPattern(slug.pattern[0]).test(file)]).toEqual([file, build]);
      expect(fileNamePattern.test(file)).toBe(build);
      writeFileSync(join(dir, name, `${file}.yaml`), "");
      rmSync(join(dir, name, `${file}.yaml`));
    }
    expect(cmsConfig().slug).toMatchObject({ encoding: "ascii", clean_accents: true });
  });
});
