import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { checkContentFiles, readContentFile } from "./content-files";
import { pictureSizes } from "./picture-list";
import { type ContentFileName, contentFiles } from "./schemas";

describe("the content files", () => {
  it.each(Object.keys(contentFiles) as ContentFileName[])("%s passes its schema", (name) => {
    expect(() => readContentFile(name)).not.toThrow();
  });

  it("are all the content files there are", () => {
    expect(() => checkContentFiles()).not.toThrow();
  });
});

describe("the picture list", () => {
  it.each(Object.entries(pictureSizes))("gives %s its file's intrinsic size", (name, size) => {
    const svg = readFileSync(
      join(import.meta.dirname, "..", "assets", "illustrations", `${name}.svg`),
      "utf8",
    );
    const width = Number(svg.match(/<svg[^>]*\swidth="(\d+)"/)?.[1]);
    const height = Number(svg.match(/<svg[^>]*\sheight="(\d+)"/)?.[1]);
    expect({ width, height }).toEqual(size);
  });
});

describe("placeholders", () => {
  const values = { companyName: "Metsi Works", retentionStatement: "We keep it a week." };

  it("are filled in every text of every file where the content is read", () => {
    for (const name of Object.keys(contentFiles) as ContentFileName[]) {
      const filled = JSON.stringify(readContentFile(name, values));
      expect(filled, name).not.toMatch(/\{(companyName|retentionStatement)\}/);
    }
    const shell = readContentFile("site-shell.yaml", values);
    expect(shell.header.homeLinkLabel).toContain("Metsi Works");
    // Filled per link by the code that knows the topic.
    expect(shell.getInTouch.about).toContain("{topic}");
  });
});

describe("a broken content file", () => {
  let dir: string;
  const previous = process.env.CONTENT_DIR;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "content-"));
    cpSync(import.meta.dirname, dir, { recursive: true, filter: (path) => !/\.tsx?$/.test(path) });
    process.env.CONTENT_DIR = dir;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  });

  function change(name: string, edit: (data: ReturnType<typeof parse>) => void) {
    const path = join(dir, name);
    const data = parse(readFileSync(path, "utf8"));
    edit(data);
    writeFileSync(path, stringify(data));
  }

  const problems = () => {
    try {
      checkContentFiles();
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("with {companyName} in a hero, a page title and the footer shows the company's name", () => {
    change("home.yaml", (data) => {
      data.hero.heading = "Meters by {companyName}";
    });
    change("hardware.yaml", (data) => {
      data.page.title = "{companyName} hardware";
    });
    change("site-shell.yaml", (data) => {
      data.footer.tagline = "{companyName}: made in South Africa.";
    });
    const values = { companyName: "Metsi Works", retentionStatement: "" };
    expect(problems()).toBe("");
    expect(readContentFile("home.yaml", values).hero.heading).toBe("Meters by Metsi Works");
    expect(readContentFile("hardware.yaml", values).page.title).toBe("Metsi Works hardware");
    expect(readContentFile("site-shell.yaml", values).footer.tagline).toBe(
      "Metsi Works: made in South Africa.",
    );
  });

  it("is refused with the file and the missing field named", () => {
    change("home.yaml", (data) => {
      delete data.features[2].heading;
    });
    expect(problems()).toMatch(/(^|\/)home\.yaml: features\[2\]\.heading: required$/m);
  });

  it("is refused for a picture that is not in the list, a wrong type and an unknown placeholder", () => {
    change("hardware.yaml", (data) => {
      data.hero.illustration.picture = "../../../etc/passwd";
      data.highlights.columns = "three";
    });
    change("terms.yaml", (data) => {
      data.sections[0].heading = "Terms of {company}";
    });
    const message = problems();
    expect(message).toMatch(/hardware\.yaml: hero\.illustration\.picture: Invalid option/);
    expect(message).toMatch(/hardware\.yaml: highlights\.columns: Invalid input: expected array/);
    expect(message).toMatch(
      /terms\.yaml: sections\[0\]\.heading: \{company\} is not a placeholder; this text may use \{companyName\}/,
    );
  });

  it("refuses a placeholder one field allows in another, and in a picture description", () => {
    change("home.yaml", (data) => {
      data.hero.heading = "Kept for {retentionStatement}";
      data.hero.illustration.alt = "{logo}";
    });
    const message = problems();
    expect(message).toMatch(
      /home\.yaml: hero\.heading: \{retentionStatement\} is not a placeholder/,
    );
    expect(message).toMatch(/home\.yaml: hero\.illustration\.alt: \{logo\} is not a placeholder/);
  });

  it("is refused when it is not YAML, or is a content file the site does not read", () => {
    writeFileSync(join(dir, "terms.yaml"), "page: [unclosed");
    writeFileSync(join(dir, "hom.yaml"), "hero: {}");
    const message = problems();
    expect(message).toMatch(/terms\.yaml: /);
    expect(message).toMatch(/hom\.yaml: not a content file the site reads/);
  });
});
