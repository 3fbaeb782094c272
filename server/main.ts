import { buildApp } from "./app";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 3000);

const app = await buildApp({ siteRoot: "build/client" });
await app.listen({ host, port });
