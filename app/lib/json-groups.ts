/**
 * Items as JSON arrays of at most `maxChars` characters each (an item longer than that gets
 * an array of its own), in order: rows sent to D1 as one JSON parameter a statement, since
 * D1 binds at most 100 parameters and takes values up to 2 MB.
 */
export function jsonArraysUnder(items: unknown[], maxChars: number): string[] {
  const groups: string[][] = [];
  let size = 0;
  for (const item of items) {
    const json = JSON.stringify(item);
    if (groups.length === 0 || size + json.length + 1 > maxChars) {
      groups.push([]);
      size = 1;
    }
    groups.at(-1)!.push(json);
    size += json.length + 1;
  }
  return groups.map((group) => `[${group.join(",")}]`);
}
