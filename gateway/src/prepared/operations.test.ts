// The prepared operations a gateway keeps: bounded, so a flood of distinct documents cannot grow memory
// nor push out the documents in use.
import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PREPARED_LIMIT, PreparedOperations, type PreparedOperation } from './operations.js';

function prepared(text: string): PreparedOperation {
  const document = parse(text);
  return {
    document,
    operation: document.definitions[0] as OperationDefinitionNode,
    registered: false,
    documentHash: 'test',
  };
}

describe('prepared operations', () => {
  it(`keeps at most ${PREPARED_LIMIT}, the least recently used dropped first`, () => {
    const operations = new PreparedOperations();
    const inUse = { key: 'h:in-use', operationName: 'Viewer' };
    const viewer = prepared('query Viewer { viewer { email } }');
    operations.remember(inUse, viewer);
    const other = prepared('{ __typename }');
    for (let index = 0; index <= PREPARED_LIMIT; index++) {
      operations.remember({ key: `q:${index}`, operationName: null }, other);
      if (index % 100 === 0) expect(operations.get({ ...inUse, variables: undefined })).toBe(viewer);
    }
    expect(operations.get({ ...inUse, variables: undefined })).toBe(viewer);
    expect(operations.get({ key: 'q:0', operationName: null, variables: undefined })).toBeUndefined();
    expect(operations.get({ key: `q:${PREPARED_LIMIT}`, operationName: null, variables: undefined })).toBe(other);
  });

  it('tells documents apart by operation name', () => {
    const operations = new PreparedOperations();
    const a = prepared('query A { __typename } query B { __typename }');
    operations.remember({ key: 'q:ab', operationName: 'A' }, a);
    expect(operations.get({ key: 'q:ab', operationName: 'A', variables: undefined })).toBe(a);
    expect(operations.get({ key: 'q:ab', operationName: 'B', variables: undefined })).toBeUndefined();
  });
});
