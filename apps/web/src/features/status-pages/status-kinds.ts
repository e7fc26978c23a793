/** The error and status pages, by the path segment they live at. */
export const statusPageKinds = ['401', '403', '404', '500', '503', '600', 'error', 'coming-soon'] as const;
export type StatusPageKind = (typeof statusPageKinds)[number];
