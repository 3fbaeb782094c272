import { config } from "zod";

// Zod compiles object parsers with `new Function` unless told not to, and merely probing for
// that breaks a strict Content-Security-Policy (no 'unsafe-eval'): the browser reports the
// blocked probe even though zod catches it. The probe runs when the first z.object() is built,
// so this must run before any schema module. root.tsx imports it first: React Router evaluates
// the route modules before the client entry, so entry.client.tsx would be too late. Only the
// browser bundle sets this; the server keeps zod's faster compiled parsers.
config({ jitless: true });
