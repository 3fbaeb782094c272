// Reads pixel sizes from image headers, so tests can check what a file really holds rather
// than what its name or a tag claims.

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type PixelSize = { width: number; height: number };

/** The size in a PNG's IHDR chunk; throws when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): PixelSize {
  if (!bytes.subarray(0, 8).equals(pngSignature) || bytes.toString("ascii", 12, 16) !== "IHDR") {
    throw new Error("not a PNG");
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Each image in an ICO file: the size its directory entry states and the size of the PNG it
 * points to. Throws when the file is not an icon or an image is not a PNG.
 */
export function icoImages(bytes: Buffer): { stated: PixelSize; actual: PixelSize }[] {
  if (bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) throw new Error("not an ICO");
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + 16 * index;
    const side = (byte: number) => (byte === 0 ? 256 : byte);
    const length = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    return {
      stated: { width: side(bytes.readUInt8(entry)), height: side(bytes.readUInt8(entry + 1)) },
      actual: pngSize(bytes.subarray(offset, offset + length)),
    };
  });
}
