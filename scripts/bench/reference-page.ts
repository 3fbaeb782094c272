import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// The floor the bench measures our pages against (issue 26): the least a page can be, one
// heading and one paragraph with no CSS, font, image or script. What the browser spends on it
// is the cost of loading any document on this machine at this moment, so a page's figures next
// to it say what the page itself costs.
export const referencePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A bare page: the floor the site's pages are measured against.">
<title>Reference page</title>
</head>
<body>
<h1>Reference page</h1>
<p>One heading and one paragraph, with no stylesheet, font, image or script.</p>
</body>
</html>
`;

/** Serves the reference page at every path on a free loopback port. */
export async function serveReferencePage(): Promise<{ origin: string; close(): Promise<void> }> {
  const body = Buffer.from(referencePage);
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": String(body.length),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
