/** One CSV line; text a spreadsheet would run as a formula is kept as text. */
export function csvLine(cells: (string | number | null)[]): string {
  return cells
    .map((cell) => {
      const text =
        typeof cell === "string" ? cell.replace(/^[=+\-@\t\r]/, "'$&") : String(cell ?? "");
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(",");
}
