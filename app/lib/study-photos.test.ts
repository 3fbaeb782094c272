import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { siteRootOf } from "../../contract/site-build";
import { astroBuild, writeContentWithPhotos } from "../../tests/support/astro-build";

// A real build of the proof fixtures' study, whose photo meter-installed.jpg holds where it was
// taken and by whom (EXIF GPS and Artist "Fixture Photographer"), and of the fixture valve, whose
// drawing names its author in a PNG comment: no file the build publishes (pages, images, the
// datasheet) holds either, so neither upload nor a copy that kept its metadata is served.

const scratch = mkdtempSync(join(tmpdir(), "study-photos-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const photographer = Buffer.from("Fixture Photographer");
const unpacked = (path: string, bytes: Buffer) =>
  path.endsWith(".br")
    ? brotliDecompressSync(bytes)
    : path.endsWith(".gz")
      ? gunzipSync(bytes)
      : bytes;

it("publishes a study's photos and a product's drawing resized, with no location or other metadata", {
  timeout: 300_000,
}, async () => {
  const contentDir = join(scratch, "content");
  writeContentWithPhotos(contentDir);
  const buildDir = join(scratch, "build");
  const { status, output } = astroBuild(buildDir, { CONTENT_DIR: contentDir }, 280_000);
  expect(status, output).toBe(0);

  const served = readdirSync(siteRootOf(buildDir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  for (const upload of ["meter-installed", "remote-valve"]) {
    expect(
      served.filter((path) => new RegExp(`${upload}.*\\.avif$`).test(path)).length,
    ).toBeGreaterThan(0);
  }
  for (const path of served) {
    const bytes = readFileSync(path);
    expect(unpacked(path, bytes).includes(photographer), path).toBe(false);
    if (/\.(jpg|png|webp|avif)$/.test(path)) {
      expect((await sharp(bytes).metadata()).exif, path).toBeUndefined();
    }
  }
});
