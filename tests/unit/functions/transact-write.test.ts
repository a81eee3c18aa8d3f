/**
 * The unread counter relies on transactions that are retried when they only lost a race (real
 * DynamoDB cancels concurrent transactions on one item; DynamoDB Local serialises them, so the
 * integration tests never see it). A stand-in document client plays DynamoDB here.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { once, resetClientsForTests } from '../../../functions/lib/aws/clients.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { transactWrite } from '../../../functions/data/table-client.js';
import { requiredConfigEnv } from '../../helpers/config-env.js';

function cancelled(code: string): Error {
  return Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: code }, { Code: 'None' }] });
}

/** A document client whose send() fails with the given errors, then succeeds. */
function fakeClient(failures: Error[]): { calls: number } {
  const state = { calls: 0 };
  once('dynamodb', () => ({
    send: async () => {
      state.calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return {};
    },
  }));
  return state;
}

beforeEach(() => {
  Object.assign(process.env, requiredConfigEnv());
  resetConfigForTests();
  resetClientsForTests();
});

describe('transactWrite', () => {
  it('tries again after losing a race to another transaction', async () => {
    // Prepare
    const client = fakeClient([cancelled('TransactionConflict'), cancelled('TransactionConflict')]);

    // Act
    await transactWrite([{ ConditionCheck: { TableName: 'unit-table', Key: { PK: 'a', SK: 'b' }, ConditionExpression: 'attribute_exists(PK)' } }]);

    // Assess
    expect(client.calls).toBe(3);
  });

  it('gives a failed condition back at once', async () => {
    // Prepare
    const client = fakeClient([cancelled('ConditionalCheckFailed')]);

    // Act
    const attempt = transactWrite([{ ConditionCheck: { TableName: 'unit-table', Key: { PK: 'a', SK: 'b' }, ConditionExpression: 'attribute_exists(PK)' } }]);

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(client.calls).toBe(1);
  });

  it('stops after a bounded number of lost races', async () => {
    // Prepare
    const client = fakeClient(Array.from({ length: 20 }, () => cancelled('TransactionConflict')));

    // Act
    const attempt = transactWrite([{ ConditionCheck: { TableName: 'unit-table', Key: { PK: 'a', SK: 'b' }, ConditionExpression: 'attribute_exists(PK)' } }]);

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(client.calls).toBe(8);
  });
});
