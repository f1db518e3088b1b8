// Telling the engine's refusals from bugs (web/lib/engine/errors.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorInfo } from '../../web/lib/engine/errors.js';

/** An error as the engine throws one on purpose. */
function diabloError(kind, params, message = 'the engine says no') {
  const e = new Error(message);
  e.name = 'DiabloError';
  e.kind = kind;
  e.params = params;
  return e;
}

test('a refusal gives its kind, parameters and message', () => {
  assert.deepEqual(errorInfo(diabloError('off-board', { square: 'z9' })), {
    kind: 'off-board',
    params: { square: 'z9' },
    message: 'the engine says no',
  });
});

test('parameters that are not an object are none', () => {
  for (const params of [undefined, null, 'x', 3]) {
    assert.deepEqual(errorInfo(diabloError('k', params)).params, {}, String(params));
  }
});

test('anything else is a bug: null', () => {
  assert.equal(errorInfo(new Error('boom')), null);
  assert.equal(errorInfo(new TypeError('x is undefined')), null);
  const named = diabloError('off-board', {});
  named.name = 'Error';
  assert.equal(errorInfo(named), null, 'a kind without the name');
  assert.equal(errorInfo(diabloError(undefined, {})), null, 'no kind');
  assert.equal(errorInfo(diabloError(42, {})), null, 'a kind not text');
  assert.equal(errorInfo({ name: 'DiabloError', kind: 'k', params: {}, message: 'not an Error' }), null);
  assert.equal(errorInfo('DiabloError'), null);
  assert.equal(errorInfo(null), null);
});
