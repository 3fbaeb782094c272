// Content files are imported as the data they hold, already checked against their schema by
// scripts/content-plugin.ts; each content module states the file's type from app/content/schemas.ts.
declare module "*.yaml" {
  const data: unknown;
  export default data;
}
