import { LRUCache } from 'lru-cache';

/**
 * SQL texts built once per key and kept, the least recently used forgotten past `size`: the app's
 * constant texts (a scope, a page size, a filter's shape) are few, and building one on every
 * request cost more than looking it up. The texts are what the SQLite layer keeps prepared.
 */
export function keptTexts(size = 500): (key: string, build: () => string) => string {
  const texts = new LRUCache<string, string>({ max: size });
  return (key, build) => {
    let sql = texts.get(key);
    if (sql === undefined) {
      sql = build();
      texts.set(key, sql);
    }
    return sql;
  };
}
