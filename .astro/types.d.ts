/// <reference types="astro/client" />
/// <reference path="content.d.ts" />
/// <reference path="env.d.ts" />