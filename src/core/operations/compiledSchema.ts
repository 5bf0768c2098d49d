import { z } from 'zod';

const compiledSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema with zod's compiled fast path (`z.compile`), built once per schema: a valid value is
 * checked by generated code, an invalid one falls back to zod's own parser, so the problems reported
 * are the same word for word. The check stays complete; only its cost changes. A schema the compiler
 * cannot take (or a runtime that forbids `new Function`) is returned unchanged.
 */
export function compiledSchema<S extends z.ZodType>(schema: S): S {
  let compiled = compiledSchemas.get(schema);
  if (!compiled) {
    compiled = z.compile(schema);
    compiledSchemas.set(schema, compiled);
  }
  return compiled as S;
}
