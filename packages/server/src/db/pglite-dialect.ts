import type { PGlite, Results } from '@electric-sql/pglite';
import { parse, protocol, types } from '@electric-sql/pglite';
import type { DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler, QueryResult } from 'kysely';
import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { MAX_PREPARED_STATEMENTS, worthPreparing } from './prepared-statements.js';

/** Statements that change no table's shape: everything else may, and then forgets every prepared plan. */
const SHAPE_KEEPING = /^\s*(select|insert|update|delete|with|begin|start|commit|rollback|end|abort|savepoint|release|set|show|listen|unlisten|notify|lock|values)\b/i;

const serialize = protocol.serialize;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

type BackendMessages = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];
interface Column {
  name: string;
  dataTypeID: number;
}

/**
 * The rows and row count of one statement's answer, each value read by PGlite's parser for its type.
 * PGlite's own `parseResults` copies the whole table of parsers on every call, which was the largest part of
 * its JavaScript time per statement.
 */
function readResult(messages: BackendMessages, parsers: PGlite['parsers']): Results<Record<string, unknown>> {
  let fields: Column[] = [];
  const rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: Column[] }).fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      const row: Record<string, unknown> = {};
      for (let index = 0; index < fields.length; index++) {
        const field = fields[index] as Column;
        row[field.name] = types.parseType(values[index] ?? null, field.dataTypeID, parsers);
      }
      rows.push(row);
    } else if (message.name === 'commandComplete') {
      affectedRows = rowCount((message as unknown as { text: string }).text);
    }
  }
  return { rows, fields, affectedRows };
}

/** The row count of a command tag: `INSERT 0 5`, `UPDATE 3`, `DELETE 1`; none for a SELECT. */
function rowCount(tag: string): number {
  const parts = tag.split(' ');
  if (parts[0] === 'INSERT') return Number(parts[2] ?? 0);
  if (parts[0] === 'UPDATE' || parts[0] === 'DELETE' || parts[0] === 'MERGE' || parts[0] === 'COPY') return Number(parts[1] ?? 0);
  return 0;
}

interface Prepared {
  name: string;
  /** The type of each parameter as PostgreSQL inferred it, which decides how a value is sent. */
  paramTypes: number[];
}

/**
 * The statements prepared on one embedded database. PGlite's own `query` parses, plans and describes every
 * statement on every call, in six protocol round trips; in WebAssembly planning a join costs as much as
 * running it. A named statement is parsed and described once, and each call afterwards is one batch of
 * bind, describe, execute and sync: half the time of a typical lookup (docs/decisions.md, "Data-entry
 * benchmark"). The same reasoning as the PostgreSQL pool's (database.ts `preparingPool`).
 */
class StatementCache {
  readonly #client: PGlite;
  readonly #statements = new Map<string, Prepared>();
  #generation = 0;

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** Runs a statement; parameterised data queries through a prepared statement, the rest as PGlite does. */
  async run(text: string, params: readonly unknown[]): Promise<Results<Record<string, unknown>>> {
    if (!worthPreparing(text, params.length)) {
      // A statement that can change a table's shape would leave plans that return the old row type.
      if (!SHAPE_KEEPING.test(text)) await this.#forgetAll();
      return this.#client.query<Record<string, unknown>>(text, [...params]);
    }
    const known = this.#statements.get(text);
    if (!known && this.#statements.size >= MAX_PREPARED_STATEMENTS) return this.#client.query<Record<string, unknown>>(text, [...params]);
    return this.#client.runExclusive(async () => {
      const statement = known ?? (await this.#prepare(text));
      const values = params.map((param, index) => this.#serialise(param, statement.paramTypes[index]));
      const { messages } = await this.#client.execProtocol(
        concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return readResult(messages, this.#client.parsers);
    });
  }

  async #prepare(text: string): Promise<Prepared> {
    const name = `dcap_${this.#generation}_${this.#statements.size}`;
    const { messages } = await this.#client.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    return statement;
  }

  /** As PGlite's `query` sends a parameter: its type's serialiser, or its text. */
  #serialise(param: unknown, type: number | undefined): string | null {
    if (param === null || param === undefined) return null;
    const serialiser = type === undefined ? undefined : this.#client.serializers[type];
    if (serialiser) return serialiser(param);
    return (param as { toString(): string }).toString();
  }

  async #forgetAll(): Promise<void> {
    if (this.#statements.size === 0) return;
    this.#statements.clear();
    this.#generation += 1;
    await this.#client.query('DEALLOCATE ALL');
  }
}

class PgliteConnection implements DatabaseConnection {
  readonly #statements: StatementCache;

  constructor(statements: StatementCache) {
    this.#statements = statements;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#statements.run(compiledQuery.sql, compiledQuery.parameters);
    const rows = result.rows as R[];
    return result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows), rows } : { rows };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let start = 0; start < rows.length; start += chunkSize) yield { rows: rows.slice(start, start + chunkSize) };
  }
}

/**
 * One connection to the embedded database, handed to one caller at a time in the order they asked: a
 * transaction holds it from BEGIN to COMMIT, as a PostgreSQL connection would be held.
 *
 * Every hand-over waits for a turn of the event loop. PGlite answers without any I/O, so a request whose
 * statements met no queue would otherwise run from its first statement to its answer in one turn, and the
 * requests read in one turn would all be answered before the sockets are read again: a client whose next
 * request arrived just after that read waited for the whole batch, and in a closed loop the same clients
 * missed every other batch, at twice everyone's latency (docs/decisions.md, "Data-entry benchmark").
 * Handing over after the I/O phase admits requests in the order they arrive, and each statement of a
 * request queues behind the statements that were waiting before it.
 */
class PgliteDriver implements Driver {
  readonly #client: PGlite;
  readonly #connection: PgliteConnection;
  #busy = false;
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = [];

  constructor(client: PGlite) {
    this.#client = client;
    this.#connection = new PgliteConnection(new StatementCache(client));
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return new Promise((resolve) => {
      if (this.#busy) {
        this.#waiting.push(resolve);
        return;
      }
      this.#busy = true;
      setImmediate(() => resolve(this.#connection));
    });
  }

  releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) setImmediate(() => next(this.#connection));
    else this.#busy = false;
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection, settings: { isolationLevel?: string }): Promise<void> {
    const begin = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.#client.close();
  }
}

/** Kysely on an embedded PGlite database, with its statements prepared once (see StatementCache). */
export class PgliteDialect implements Dialect {
  readonly #client: PGlite;

  constructor(client: PGlite) {
    this.#client = client;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.#client);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
