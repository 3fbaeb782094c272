// The editor's policy forbids eval (script-src 'self'), and zod probes for it as each object
// schema is made, which the browser reports as a refusal: the schemas the preview's components
// import are made without it. editor.tsx imports this before anything that makes a schema.
import { z } from "zod";

z.config({ jitless: true });
