import { describe, expect, it } from "vitest";
import { cmsConfig } from "./cms-config";
import { readContentFile } from "./content-files";
import { pictureNames } from "./picture-list";
import { type ContentFileName, contentFiles } from "./schemas";

type Field = {
  name: string;
  widget: string;
  required?: boolean;
  options?: string[];
  fields?: Field[];
  field?: Field;
  types?: (Field & { name: string })[];
  typeKey?: string;
};
type FileEntry = { name: string; file: string; fields: Field[] };

const files = (cmsConfig().collections as { files: FileEntry[] }[])[0]?.files ?? [];
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
  if (fields.widget === "select") return fields.options?.includes(String(value)) ? [] : [path];
  return typeof value === "string" ? [] : [`${path}: ${typeof value}`];
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
    expect(unedited(readContentFile(name as ContentFileName), form?.fields ?? [])).toEqual([]);
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

  it("signs in through our own service, with the local backend only when asked for", () => {
    const backend = cmsConfig().backend as Record<string, string>;
    expect(backend).toMatchObject({ name: "github", auth_endpoint: "api/cms/auth" });
    expect(cmsConfig().local_backend).toBeUndefined();
    expect(cmsConfig({ localBackendPort: "18081" }).local_backend).toEqual({
      url: "http://127.0.0.1:18081/api/v1",
    });
  });
});
