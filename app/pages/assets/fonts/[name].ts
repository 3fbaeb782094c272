import type { GetStaticPaths } from "astro";
import { builtContent } from "../../../content/site-content";
import { siteFontFaces } from "../../../lib/font-cut";

// The web font's faces cut for the copy (app/lib/web-font.ts), each under a name of its bytes.
export const getStaticPaths = (async () =>
  (await siteFontFaces((await builtContent()).copyTexts())).map((face) => ({
    params: { name: face.name },
    props: { bytes: face.bytes },
  }))) satisfies GetStaticPaths;

export const GET = ({ props }: { props: { bytes: Uint8Array<ArrayBuffer> } }) =>
  new Response(props.bytes, { headers: { "content-type": "font/woff2" } });
