// subset-font ships no types; this is the part of its API scripts/subset-font.ts uses.
declare module "subset-font" {
  type AxisRange = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      variationAxes?: Record<string, AxisRange>;
      keepFeatures?: string[];
      dropTables?: string[];
    },
  ): Promise<Buffer>;
}
