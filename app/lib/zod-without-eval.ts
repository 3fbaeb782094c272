import { config } from "zod";

// Zod compiles object parsers with `new Function` unless told not to, and merely probing for
// that breaks a strict Content-Security-Policy (no 'unsafe-eval'): the browser reports the
// blocked probe even though zod catches it. The probe runs when the first z.object() is built,
// so this must run before any schema module: the contact route, the only one with schemas,
// imports it first. The client entry would be too late, because React Router evaluates the
// page's route modules before it; root.tsx would put zod on every page. The server never
// imports this, so it keeps zod's faster compiled parsers.
config({ jitless: true });
