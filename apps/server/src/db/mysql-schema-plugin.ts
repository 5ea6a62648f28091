import {
  type ColumnDefinitionNode,
  type CreateTableNode,
  DataTypeNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimaryKeyConstraintNode,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  UniqueConstraintNode,
  type UnknownRow,
} from 'kysely';

/** How long a keyed text column may be on MySQL: 191 characters of utf8mb4 fit every index of the schema. */
export const MYSQL_KEY_LENGTH = 191;

/**
 * The migrations declare text columns as `text`, as SQLite and PostgreSQL store any length under that name and
 * index it. MySQL neither indexes TEXT without a prefix length nor gives TEXT more than 64 KB, and it compares
 * strings case-insensitively by default, so on MySQL this plugin rewrites the schema statements:
 * - a `text` column that is a primary key, unique, a reference, or part of the table's primary-key or unique
 *   constraint becomes `varchar(191)`; any other `text` becomes `longtext` (a doc's JSON can pass 64 KB).
 *   A text column indexed by a later CREATE INDEX is declared with an explicit varchar in its migration;
 * - a literal default of a `longtext` column becomes an expression (`default ('')`), the only form MySQL 8
 *   accepts for TEXT columns (MariaDB accepts both);
 * - every table is InnoDB in utf8mb4 with the binary collation, so comparisons, unique keys and ids (which are
 *   case-sensitive letters and digits) behave as on the other dialects.
 */
export class MysqlSchemaPlugin implements KyselyPlugin {
  readonly #transformer = new MysqlSchemaTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    if (kind !== 'CreateTableNode' && kind !== 'AlterTableNode') return args.node;
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class MysqlSchemaTransformer extends OperationNodeTransformer {
  /** Columns keyed by a table-level constraint of the CREATE TABLE being transformed. */
  #keyedByConstraint = new Set<string>();

  protected override transformCreateTable(node: CreateTableNode): CreateTableNode {
    const previous = this.#keyedByConstraint;
    this.#keyedByConstraint = new Set(
      (node.constraints ?? []).flatMap((constraint) =>
        PrimaryKeyConstraintNode.is(constraint) || UniqueConstraintNode.is(constraint)
          ? constraint.columns.map((column) => column.column.name)
          : [],
      ),
    );
    try {
      const transformed = super.transformCreateTable(node);
      return {
        ...transformed,
        endModifiers: [
          ...(transformed.endModifiers ?? []),
          RawNode.createWithSql('engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin'),
        ],
      };
    } finally {
      this.#keyedByConstraint = previous;
    }
  }

  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    if (!DataTypeNode.is(column.dataType) || column.dataType.dataType !== 'text') return column;
    const keyed =
      column.primaryKey === true ||
      column.unique === true ||
      column.references !== undefined ||
      this.#keyedByConstraint.has(column.column.column.name);
    if (keyed) return { ...column, dataType: DataTypeNode.create(`varchar(${MYSQL_KEY_LENGTH})`) };
    const defaultTo = column.defaultTo
      ? {
          ...column.defaultTo,
          defaultValue: RawNode.create(['(', ')'], [column.defaultTo.defaultValue]),
        }
      : undefined;
    return {
      ...column,
      dataType: RawNode.createWithSql('longtext'),
      ...(defaultTo ? { defaultTo } : {}),
    };
  }
}
