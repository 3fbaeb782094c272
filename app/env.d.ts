/// <reference types="astro/client" />

declare module "astro" {
  interface AstroClientDirectives {
    /** Fetched as the element nears the screen, run on first use (app/features/contact/first-use.ts). */
    "client:first-use"?: boolean;
  }
}

export {};
