// subset-font ships no types.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options: Record<string, unknown>,
  ): Promise<Buffer>;
}
