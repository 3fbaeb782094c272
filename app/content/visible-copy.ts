/** Every string a content object shows, image addresses left out: what the content tests read. */
export function visibleCopy(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return "";
  return Object.entries(value)
    .filter(([key]) => key !== "src")
    .map(([, inner]) => visibleCopy(inner))
    .join("\n");
}
