/** A person's name and email copied onto another item for display (refreshed on rename). */
export const personSummary = {
  type: 'map',
  required: true,
  properties: {
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    email: { type: 'string', required: true },
  },
} as const;
