/**
 * A comparator in the order of DynamoDB sort keys made of these parts: each part lower-cased as
 * ElectroDB writes keys, compared by code unit, not by the locale. Lists each read only to `n`
 * rows must be merged in their own order, or a row read late ('É', '~': after z in the keys) lands
 * before the offset of the page that first reads it, and no page shows it.
 */
export function inKeyOrder<T>(partsOf: (row: T) => string[]): (a: T, b: T) => number {
  const key = (row: T) => partsOf(row).map((part) => part.toLowerCase()).join('#');
  return (a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  };
}
