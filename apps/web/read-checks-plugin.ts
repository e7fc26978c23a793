import { Ajv, type SchemaObject } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { firstReadSchemas as FirstReadSchemas } from './src/features/workspaces/first-read-schemas';

// The answers of the signed-in frame's first reads are checked by code compiled at build time from the
// same contracts' schemas, instead of by zod: zod builds its schemas when its file loads, and with them
// it cost a slow phone ~0.3 s and 24 KB before the first signed-in screen. The other reads keep
// zod, loaded with the screens that make them.

const moduleId = 'virtual:read-checks';

/**
 * Drops what only documents a schema, which would otherwise ship in the checks' module (`properties`
 * names fields, where "description" is a field like any other).
 */
function withoutDescriptions(node: unknown, namesFields = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutDescriptions(item));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => namesFields || (key !== 'description' && key !== '$schema'))
      .map(([key, value]) => [key, withoutDescriptions(value, !namesFields && key === 'properties')]),
  );
}

/** The checks' module source: one ESM function per schema, true when the answer fits it. */
function readChecksSource(firstReadSchemas: typeof FirstReadSchemas): string {
  const ajv = new Ajv({
    code: { source: true, esm: true, lines: false },
    // zod drops the keys a schema does not name; so do these.
    removeAdditional: true,
    // zod counts a string's length in UTF-16 units, as `.length` does (ajv's default counts code points
    // with a helper it would `require`). The option is deprecated in name only: its notice is dropped.
    unicode: false,
    messages: false,
    strict: true,
    logger: {
      log: () => {},
      warn: (message: string) => message.includes('option unicode') || console.warn(message),
      error: console.error,
    },
  });
  for (const [name, schema] of Object.entries(firstReadSchemas))
    ajv.addSchema(
      withoutDescriptions(schema.toJSONSchema({ io: 'output', target: 'draft-07' })) as SchemaObject,
      name,
    );
  const code = standaloneCode(ajv, Object.fromEntries(Object.keys(firstReadSchemas).map((n) => [n, n])));
  if (code.includes('require(')) throw new Error(`${moduleId}: a check needs an ajv runtime helper`);
  return code;
}

export function readChecks(): Plugin {
  return {
    name: 'wsm-read-checks',
    resolveId: (id) => (id === moduleId ? `\0${moduleId}` : null),
    async load(id) {
      if (id !== `\0${moduleId}`) return null;
      // Loaded through tsx: this config's bundler leaves packages to Node, which does not load the
      // contracts' TypeScript.
      const schemas: { firstReadSchemas: typeof FirstReadSchemas } = await tsImport(
        './src/features/workspaces/first-read-schemas.ts',
        import.meta.url,
      );
      return readChecksSource(schemas.firstReadSchemas);
    },
  };
}
