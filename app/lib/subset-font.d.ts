// subset-font ships no types; this is the part of its API app/lib/web-font.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options: {
      targetFormat: "woff2";
      variationAxes: Record<string, { min: number; max: number }>;
      keepFeatures: string[];
      dropTables: string[];
    },
  ): Promise<Buffer>;
}
