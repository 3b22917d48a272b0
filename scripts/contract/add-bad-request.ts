/**
 * Contract hygiene: every operation that takes parameters or a body can answer 400 (the request
 * failed validation), so each must list it. Adds `'400': $ref BadRequest` where it is missing,
 * keeping the files' comments and layout. Run: npx tsx scripts/contract/add-bad-request.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument, isMap, type YAMLMap } from 'yaml';

const dir = path.resolve('openapi/paths');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
let added = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
  const full = path.join(dir, file);
  const doc = parseDocument(fs.readFileSync(full, 'utf8'));
  let changed = false;
  for (const item of (doc.contents as YAMLMap).items) {
    const pathItem = item.value;
    if (!isMap(pathItem)) continue;
    const shared = pathItem.get('parameters');
    for (const m of METHODS) {
      const op = pathItem.get(m);
      if (!isMap(op)) continue;
      const params = op.get('parameters') ?? shared;
      const takesInput = Boolean(op.get('requestBody')) || (params && (params as { items?: unknown[] }).items?.length);
      const responses = op.get('responses');
      if (!takesInput || !isMap(responses) || responses.has('400') || responses.has(400)) continue;
      responses.set('400', doc.createNode({ $ref: '../responses.yaml#/BadRequest' }));
      // Keep the status codes in order.
      responses.items.sort((a, b) =>
        String((a.key as { value?: unknown }).value ?? a.key).localeCompare(
          String((b.key as { value?: unknown }).value ?? b.key),
        ),
      );
      changed = true;
      added++;
    }
  }
  if (changed)
    fs.writeFileSync(full, doc.toString({ lineWidth: 100, flowCollectionPadding: false, singleQuote: true }));
}
console.log(`added 400 to ${added} operations`);
