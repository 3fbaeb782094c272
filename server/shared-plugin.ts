import type { FastifyPluginAsync, FastifyPluginOptions } from "fastify";

/**
 * Lets a plugin's hooks, handlers and decorations apply to the whole app rather than to its own
 * encapsulated scope: Fastify's `skip-override` marker, which is all fastify-plugin adds.
 */
export function sharedPlugin<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for("skip-override")]: true });
}
