/** Short random ids with a type prefix (`tpl_…`, `run_…`), URL-safe and sortable by nothing. */
import { randomBytes } from "node:crypto";

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString("base64url")}`;
}
