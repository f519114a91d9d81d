declare module 'virtual:api-routes' {
  /** service -> operation -> route (web/api-routes-plugin.ts); typed through `routes` in lib/api/routes.ts. */
  const table: Record<string, Record<string, { id: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }>>;
  export default table;
}
