// Each product group's id (a uuid at the service) kept once in group_keys, and each product's group as
// that row's number (products.group_key, v9): the index a group's products are paged by holds the
// number and the name, not the 36-character id twice over (108 bytes a product before, issue 52).
import type { Database } from "better-sqlite3";

/** A group's number, given it the first time its id is met; null for no group. */
export type GroupKeyOf = (groupId: string | null) => number | null;

/**
 * For one write transaction: the numbers met are remembered for it only, so a transaction rolled back
 * after giving a new group its number leaves no number behind that the table does not hold.
 */
export function groupKeyWriter(db: Database): () => GroupKeyOf {
  const find = db.prepare<[string], number>("SELECT seq FROM group_keys WHERE id = ?").pluck();
  const add = db.prepare<[string]>("INSERT INTO group_keys (id) VALUES (?)");
  return () => {
    const known = new Map<string, number>();
    return (groupId) => {
      if (groupId === null) return null;
      let key = known.get(groupId);
      if (key === undefined) {
        key = find.get(groupId) ?? Number(add.run(groupId).lastInsertRowid);
        known.set(groupId, key);
      }
      return key;
    };
  };
}

/** A group's live products that stand on their own, by the group's id: the `WHERE` of its pages. */
export const groupProducts =
  "FROM products WHERE deleted = 0 AND parent IS NULL AND group_key = (SELECT seq FROM group_keys WHERE id = ?)";

/** The group counts made again from the products (after a sync changed them). */
export const recountGroups = `
  DELETE FROM group_counts;
  INSERT INTO group_counts (group_id, products)
    SELECT k.id, count(*) FROM products p LEFT JOIN group_keys k ON k.seq = p.group_key
    WHERE p.deleted = 0 AND p.parent IS NULL GROUP BY p.group_key;
`;
