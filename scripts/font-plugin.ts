import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { placeholderValues } from "../app/content/placeholders.ts";
import { loadPublicSettings } from "./public-settings-plugin.ts";
import { basicFont, missingCharactersWarning, siteFontCharacters } from "./subset-font.ts";

/** What app/root.tsx imports for the basic face; the build answers with the face it cuts. */
const basicFaceImport = /(^|\/)inter-basic-latin\.woff2(\?.*)?$/;

/**
 * The basic face of the web font, cut when the build starts from the characters the content
 * uses (scripts/subset-font.ts), so an editor's "ê" is drawn in the site's font. The face is
 * written under node_modules/.cache, named by its characters, and stands in for the
 * `inter-basic-latin.woff2` import; its characters reach app/lib/web-font.ts as
 * __BASIC_FONT_CHARACTERS__ for the face's unicode-range. Characters the font lacks are a
 * warning naming the file and field.
 */
export function webFont(): Plugin {
  let facePath = "";
  let warning: string | undefined;
  return {
    name: "web-font",
    enforce: "pre",
    async config(config) {
      const values = placeholderValues(loadPublicSettings(config).settings);
      const { characters, missing } = siteFontCharacters(values);
      warning = missingCharactersWarning(missing);
      const hash = createHash("sha256").update(characters).digest("hex").slice(0, 16);
      const dir = join(process.cwd(), "node_modules", ".cache", "web-font", hash);
      facePath = join(dir, "inter-basic-latin.woff2");
      mkdirSync(dir, { recursive: true });
      writeFileSync(facePath, await basicFont(characters));
      return { define: { __BASIC_FONT_CHARACTERS__: JSON.stringify(characters) } };
    },
    resolveId(source) {
      const match = basicFaceImport.exec(source);
      return match ? `${facePath}${match[2] ?? ""}` : null;
    },
    generateBundle() {
      if (this.environment.config.consumer !== "client" || !warning) return;
      this.warn(warning);
    },
  };
}
