import { expect, it } from 'vitest';
import { componentValidator, responseValidator, schemaErrors } from './test-openapi.js';

it('validator is not vacuous', () => {
  expect(schemaErrors(responseValidator('/user/repos', 'get', 200), {})).not.toEqual([]);
  expect(schemaErrors(responseValidator('/user/repos', 'get', 200), [{ id: 1 }])).not.toEqual([]);
  expect(schemaErrors(componentValidator('simple-user'), { login: 'x' })).not.toEqual([]);
  console.log(schemaErrors(componentValidator('nullable-simple-user'), null), schemaErrors(componentValidator('simple-user'), null));
});
