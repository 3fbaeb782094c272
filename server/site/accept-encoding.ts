export type Encoding = "br" | "gzip" | "identity";

// Ties go to the smaller body.
const preference: readonly Encoding[] = ["br", "gzip", "identity"];
const identityOnly: readonly Encoding[] = ["identity"];

/**
 * The encodings a client accepts, best first (RFC 9110, section 12.5.3): q-values rank them,
 * "*" stands for any coding not named, and identity is acceptable unless refused outright. A
 * header that refuses everything gets an empty list; no header at all gets identity only, as
 * a client that says nothing may not decode anything.
 */
export function acceptedEncodings(header: string | undefined): readonly Encoding[] {
  if (header === undefined) return identityOnly;
  const named = new Map<string, number>();
  for (const part of header.split(",")) {
    const [coding = "", ...params] = part.split(";");
    const name = coding.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    named.set(name === "x-gzip" ? "gzip" : name, Number.isFinite(weight) ? weight : 0);
  }
  const any = named.get("*");
  // Identity unnamed stays acceptable, but as the last resort.
  const weightOf = (encoding: Encoding) =>
    named.get(encoding) ?? any ?? (encoding === "identity" ? Number.MIN_VALUE : 0);
  return preference
    .map((encoding, rank) => ({ encoding, rank, weight: weightOf(encoding) }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.rank - b.rank)
    .map(({ encoding }) => encoding);
}

const cacheLimit = 256;

/**
 * acceptedEncodings, remembered per distinct header: browsers send a handful of exact strings,
 * so a page request costs one map lookup. The cache is emptied when full, which bounds the
 * memory a client sending endless variations can take.
 */
export function encodingRanker(): (header: string | undefined) => readonly Encoding[] {
  const cache = new Map<string, readonly Encoding[]>();
  return (header) => {
    if (header === undefined) return identityOnly;
    let ranked = cache.get(header);
    if (ranked === undefined) {
      if (cache.size >= cacheLimit) cache.clear();
      ranked = acceptedEncodings(header);
      cache.set(header, ranked);
    }
    return ranked;
  };
}
