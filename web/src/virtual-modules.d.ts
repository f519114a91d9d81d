declare module 'virtual:api-routes' {
  const table: Record<string, { id: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }>;
  export default table;
}
