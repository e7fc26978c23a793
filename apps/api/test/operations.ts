// The operations of the app's OpenAPI document, for tests that derive their cases from the route table
// (a new route is then covered without touching them).

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

/** One route and method, with the names of its path parameters, query parameters and JSON body fields. */
export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: string[];
  body: string[];
}

/** Every operation of an OpenAPI document, in the document's order. */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApi;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  return ops;
}
