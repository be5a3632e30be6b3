/**
 * Arrays longer than their schema allows, found before the schema runs. zod 3 reports an array's
 * `.max()` and then still checks every item of it: 59,000 bad items of one array took 0.5 s and
 * 59,000 issues. Walking the schema beside the value finds such an array at its length, so no
 * request makes validation cost more than the largest list a schema accepts.
 */
import { z } from "zod";

/** Through optional, nullable, default, refinements, transforms and pipes to the schema that holds the shape. */
function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  let inner = schema;
  for (let depth = 0; depth < 20; depth++) {
    if (inner instanceof z.ZodEffects) inner = inner.innerType();
    else if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
      inner = inner._def.innerType;
    else if (inner instanceof z.ZodPipeline) inner = inner._def.in;
    else break;
  }
  return inner;
}

/**
 * `{ "path": [message] }` for each array of `value` longer than its schema's `.max()` (with the
 * schema's message), the first `limit` of them; an empty object when there is none. Unions and
 * records are not looked into: none of our bodies holds a bounded list inside one.
 */
export function overlongArrays(schema: z.ZodTypeAny, value: unknown, limit: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  let found = 0;
  const stack: { schema: z.ZodTypeAny; value: unknown; path: string }[] = [{ schema, value, path: "" }];
  while (stack.length > 0 && found < limit) {
    const next = stack.pop()!;
    const inner = unwrap(next.schema);
    if (inner instanceof z.ZodArray && Array.isArray(next.value)) {
      const max = (inner._def as { maxLength: { value: number; message?: string } | null }).maxLength;
      if (max && next.value.length > max.value) {
        errors[next.path] = [max.message ?? `Array must contain at most ${max.value} element(s)`];
        found++;
        continue;
      }
      // Items that cannot hold a list (text, numbers, records) are not visited: a rich-text body's nodes.
      const element = unwrap(inner.element);
      if (element instanceof z.ZodArray || element instanceof z.ZodObject) {
        next.value.forEach((item, index) =>
          stack.push({
            schema: element,
            value: item,
            path: next.path === "" ? String(index) : `${next.path}.${index}`,
          }),
        );
      }
    } else if (
      inner instanceof z.ZodObject &&
      next.value !== null &&
      typeof next.value === "object" &&
      !Array.isArray(next.value)
    ) {
      const shape = inner.shape as Record<string, z.ZodTypeAny>;
      for (const [key, field] of Object.entries(shape)) {
        if (Object.hasOwn(next.value, key))
          stack.push({
            schema: field,
            value: (next.value as Record<string, unknown>)[key],
            path: next.path === "" ? key : `${next.path}.${key}`,
          });
      }
    }
  }
  return errors;
}
