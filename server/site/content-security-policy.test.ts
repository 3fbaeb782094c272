import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./content-security-policy";

const hashOf = (body: string) =>
  `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script that runs, once", () => {
    const html = `<script>window.a=1</script><script type="module">import "/x.js"</script><script>window.a=1</script>`;
    expect(inlineScriptHashes(html)).toEqual([hashOf("window.a=1"), hashOf('import "/x.js"')]);
  });

  it("leaves out scripts loaded from a file", () => {
    expect(inlineScriptHashes(`<script type="module" src="/assets/entry.js"></script>`)).toEqual(
      [],
    );
  });

  it("leaves out JSON-LD and JSON data blocks, which are never run", () => {
    const html = [
      `<script type="application/ld+json">{"@context":"https://schema.org"}</script>`,
      `<script type='application/json'>{"a":1}</script>`,
      `<script TYPE=application/ld+json>{}</script>`,
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("hashes any other type: only the JSON types it knows are skipped", () => {
    const html = `<script type="application/jsonx">1</script>`;
    expect(inlineScriptHashes(html)).toEqual([hashOf("1")]);
  });
});
