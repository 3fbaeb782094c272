import { buildApp } from "./app";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 3000);
const siteRoot = process.env.SITE_ROOT || "build/client";

const app = await buildApp({ siteRoot });
await app.listen({ host, port });
