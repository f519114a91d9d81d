import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useHref, useLocation, useNavigate } from 'react-router';
import { RouterProvider } from 'react-aria-components';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { buildAbility } from '../../../../shared/auth/ability';
import { rulesFor } from '../../../../shared/auth/rules';
import { SYSTEM_ROLES } from '../../../../shared/auth/system-roles';
import type { LocationPermission } from '../../../../shared/auth/permissions';
import type { SystemRoleName } from '../../../../shared/auth/vocabulary';
import { AbilityProvider } from '../../../../web/src/lib/ability';
import AdminPage from '../../../../web/src/features/admin/AdminPage';
import { ToastProvider } from '../../../../web/src/components/ui/Toast';

/** One request the page sent, as the server would see it. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

/** Answers by `'METHOD /api/path'`; the handler sees the request and returns a reply or a plain JSON body. */
export type Handlers = Record<string, (request: SentRequest) => Reply | unknown>;

const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && ('status' in value || 'body' in value);

/**
 * Replaces the browser's fetch (the network boundary) with a fake server: requests are
 * recorded, and answered by the first handler whose 'METHOD /path' matches (`{x}` matches
 * one path segment). Unknown routes answer 404 so a forgotten handler shows in the test.
 */
export function fakeServer(handlers: Handlers) {
  const requests: SentRequest[] = [];
  const patterns = Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ');
    const regex = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return { method, regex, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const match = patterns.find((pattern) => pattern.method === request.method && pattern.regex.test(request.path));
    const answer = match ? match.handler(request) : { status: 404, body: { message: 'Not Found' } };
    const reply: Reply = isReply(answer) ? answer : { status: 200, body: answer };
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one path, optionally of one method. */
    to: (path: string, method?: string) => requests.filter((r) => r.path === path && (!method || r.method === method)),
  };
}

export interface Viewer {
  role: SystemRoleName;
  permissions?: LocationPermission[];
}

export const SUPERADMIN: Viewer = { role: 'Superadmin' };
/** Conference admin of Blue Ridge, like the demo's. */
export const CONFERENCE_ADMIN: Viewer = {
  role: 'ConferenceAdmin',
  permissions: [{ entity: 'Conference', entityId: 'loc-blue-ridge', active: true, denial: false, ancestorIds: ['loc-se', 'loc-piedmont', 'loc-blue-ridge'] }],
};

export function abilityOf(viewer: Viewer) {
  const role = SYSTEM_ROLES.find((r) => r.name === viewer.role)!;
  return buildAbility(rulesFor({ userId: 'viewer', roles: [{ name: role.name, policies: role.policies }], permissions: viewer.permissions ?? [] }));
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

/** The Admin page at `path` for a viewer, with a fresh SWR cache, inside a memory router. */
export function renderAdmin(path: string, viewer: Viewer = SUPERADMIN) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>
        <AriaRouter>
          <AbilityProvider ability={abilityOf(viewer)}>
            <ToastProvider>
              <main>
                <Routes>
                  <Route path="admin/*" element={<AdminPage />} />
                  <Route path="users/:id" element={<p>Profile page</p>} />
                </Routes>
                <CurrentPath />
              </main>
            </ToastProvider>
          </AbilityProvider>
        </AriaRouter>
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** A quickSearch page body. */
export const pageOfRows = <T,>(data: T[], count = data.length) => ({ data, count });
