import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../support/fake-server';

afterEach(() => vi.unstubAllGlobals());

const role = { id: 'r-1', name: 'Reviewer', label: 'Reviewer', system: false, version: 1, policies: [{ actions: ['read'], subjects: ['User'] }] };

describe('fake server of the web tests', () => {
  it('accepts replies the contract allows', async () => {
    const server = fakeServer({ 'GET /api/role/role/{roleId}': () => role, 'DELETE /api/role/r-1': () => ({ status: 204 }), 'POST /api/role': () => ({ status: 400, body: { message: 'Bad Request', fieldErrors: { name: ['Name is required.'] } } }) });
    await fetch('/api/role/role/r-1');
    await fetch('/api/role/r-1', { method: 'DELETE' });
    await fetch('/api/role', { method: 'POST', body: '{}' });
    expect(server.problems).toEqual([]);
  });

  it('flags a reply the real server cannot give: wrong shape, wrong success status, a bad error body, an undeclared route', async () => {
    const server = fakeServer({
      'GET /api/role/role/{roleId}': () => ({ ...role, version: 'one' }),
      'POST /api/role': () => role,
      'DELETE /api/role/r-1': () => ({ status: 409, body: { error: 'stale' } }),
    });
    await fetch('/api/role/role/r-1');
    await fetch('/api/role', { method: 'POST', body: '{}' });
    await fetch('/api/role/r-1', { method: 'DELETE' });
    await fetch('/api/role/no/such/route');
    expect(server.problems).toEqual([
      expect.stringMatching(/^GET \/api\/role\/role\/r-1 \(role\.role\): reply does not match the contract's response schema/),
      'POST /api/role (role.create): answers 200, the contract says 201',
      expect.stringMatching(/^DELETE \/api\/role\/r-1 \(role\.removeById\): error body .* is not \{ message, fieldErrors\? \}/),
      'GET /api/role/no/such/route: no contract declares this route',
    ]);
    server.problems.length = 0; // seen: do not fail this test for them
  });

  it('refuses a handler for a route no contract declares', () => {
    expect(() => fakeServer({ 'GET /api/role/everything': () => [] })).not.toThrow(); // GET /api/role/{id}
    expect(() => fakeServer({ 'PUT /api/role/everything': () => [] })).toThrow('Fake server: no contract declares PUT /api/role/everything');
  });
});
