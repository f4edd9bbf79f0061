interface SchemaNode {
  shape?: Record<string, SchemaNode>;
  maxLength?: number | null;
  unwrap?: () => SchemaNode;
}

/**
 * The most characters a call's text field takes, read from its contract schema (for fields whose contract names no
 * constant). Throws when the field has none, so a form cannot silently lose its limit when the contract changes.
 */
export function inputMax(call: { input: unknown }, field: string): number {
  let node = (call.input as SchemaNode).shape?.[field];
  while (node && typeof node.maxLength !== 'number' && node.unwrap) node = node.unwrap();
  const max = node?.maxLength;
  if (typeof max !== 'number') throw new Error(`no maximum length for ${field}`);
  return max;
}
