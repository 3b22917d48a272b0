import { it } from 'vitest';
import { loadContractModel } from '../quality/contract-model';
it('probe', async () => {
  const m = await loadContractModel();
  const lines: string[] = [];
  const walk = (s: any, path: string, depth = 0): string[] => {
    s = m.deref(s ?? {});
    const out: string[] = [];
    for (const k of ['allOf', 'oneOf', 'anyOf']) if (s[k]) out.push(`${path}:${k}`);
    if (s.additionalProperties !== undefined) out.push(`${path}:addl=${JSON.stringify(s.additionalProperties).slice(0,40)}`);
    if (depth < 6) {
      for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...walk(v, `${path}.${k}`, depth + 1));
      if (s.items) out.push(...walk(s.items, `${path}[]`, depth + 1));
      for (const k of ['allOf', 'oneOf', 'anyOf']) for (const [i, v] of (s[k] ?? []).entries()) out.push(...walk(v, `${path}<${k}${i}>`, depth + 1));
    }
    const ty = s.type ?? (s.properties ? 'object' : '?');
    if (depth === 0) out.unshift(`type=${JSON.stringify(ty)} props=${Object.keys(s.properties ?? {}).length}`);
    return out;
  };
  for (const op of m.operations) for (const [type, schema] of Object.entries(op.bodies)) lines.push(`${op.operationId} ${op.method} ${op.path} ${type}: ${walk(schema, '$').join(' ')}`);
  const fs = await import('node:fs');
  fs.writeFileSync('/tmp/v/bodies.txt', lines.join('\n'));
  const ps: string[] = [];
  for (const op of m.operations) for (const p of op.parameters) { const s: any = m.deref(p.schema); if (s.type !== 'string') ps.push(`${op.operationId} ${op.path} ${p.in} ${p.name} ${JSON.stringify(s)}`); }
  fs.writeFileSync('/tmp/v/params.txt', ps.join('\n'));
});
