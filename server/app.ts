import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";

export type AppOptions = {
  /** Folder holding the prerendered site (build/client). */
  siteRoot: string;
  logger?: boolean;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const siteRoot = resolve(options.siteRoot);
  if (!existsSync(resolve(siteRoot, "index.html"))) {
    throw new Error(`No built site in ${siteRoot}: run "npm run build" first.`);
  }
  const app = Fastify({ logger: options.logger ?? true });

  app.get("/healthz", async () => ({ status: "ok" }));

  await app.register(fastifyStatic, { root: siteRoot, redirect: true, wildcard: true });

  // Any path we do not serve goes home (spec, section 2).
  app.setNotFoundHandler((_request, reply) => reply.redirect("/", 302));

  return app;
}
