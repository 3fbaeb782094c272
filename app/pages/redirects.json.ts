import type { Redirects } from "../../contract/redirects";
import { productRedirects } from "../content/products";
import { builtContent } from "../content/site-content";

// contract/redirects.ts's table: each product's former addresses, as this build's content has them.

export async function GET() {
  const redirects: Redirects = productRedirects((await builtContent()).siteProducts());
  return new Response(JSON.stringify(redirects), {
    headers: { "content-type": "application/json" },
  });
}
