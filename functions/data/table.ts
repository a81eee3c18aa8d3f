/**
 * The single table's shape, read by the CDK data stack, the local host and the test setup so
 * that all three create exactly the same table. Pure data: no SDK import.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Expired items are housekeeping (DynamoDB deletes them late): reads filter on this too. */
  timeToLiveAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    /** Inverted lookups: a record by an id that is not its partition (connection id, ...). */
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  ],
} as const;

export type TableDefinition = typeof TABLE_DEFINITION;
