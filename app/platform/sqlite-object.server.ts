// What the Durable Objects of docs/decisions/0051 share: SQLite statements on the object's
// own storage, with the rows they write counted (what the objects bill), so the worker
// tests can meter an object as they meter D1.
import { DurableObject } from "cloudflare:workers";

export abstract class SqliteObject extends DurableObject<Env> {
  /** Rows this instance wrote to its SQLite, for the tests' meters. */
  rowsWritten = 0;

  protected exec<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]): T[] {
    const cursor = this.ctx.storage.sql.exec<T>(query, ...bindings);
    const rows = cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return rows;
  }
}
