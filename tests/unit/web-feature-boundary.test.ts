import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue #39: a feature is reached from outside its folder only through its index.ts, data.ts, hooks.ts,
 * i18n.ts, public.ts and reads.ts (docs/web.md). The project's own eslint.config.js lints sample files placed in
 * the web app's folders (lintText: nothing is written); a deep import into another feature must be an
 * error, wherever the importing file sits, and the one data path's rule must still hold beside it.
 */
const BOUNDARY = '@typescript-eslint/no-restricted-imports';
const DATA_PATH = 'no-restricted-imports';

let eslint: ESLint;
beforeAll(() => {
  // Only the two import rules, without type information: the samples are not files TypeScript knows.
  eslint = new ESLint({
    overrideConfig: [tseslint.configs.disableTypeChecked],
    ruleFilter: ({ ruleId }) => ruleId === BOUNDARY || ruleId === DATA_PATH,
  });
});

/** The rule and line of each refusal in a sample file placed at `filePath`. */
async function refusals(filePath: string, lines: string[]) {
  const code = `${lines.map((from, i) => `import * as m${i} from '${from}';`).join('\n')}\nexport { ${lines.map((_, i) => `m${i}`).join(', ')} };\n`;
  const [result] = await eslint.lintText(code, { filePath });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.map((m) => `${m.line} ${m.ruleId ?? ''}`);
}

describe('the feature boundary (eslint.config.js)', () => {
  it("refuses a deep import into another feature from a feature's folder", async () => {
    const found = await refusals('src/web/features/dashboard/Sample.tsx', [
      '../books/BookCover',
      '../payments/donation/DonationDialog',
      '../../features/books/BookCover',
      '../dashboard/../books/BookCover',
    ]);
    expect(found).toEqual([`1 ${BOUNDARY}`, `2 ${BOUNDARY}`, `3 ${BOUNDARY}`, `4 ${BOUNDARY}`]);
  });

  it('refuses it from a sub-folder and from the shell outside the features', async () => {
    expect(await refusals('src/web/features/team/person/Sample.tsx', ['../../staff/StaffPicker'])).toEqual([
      `1 ${BOUNDARY}`,
    ]);
    expect(await refusals('src/web/layout/Sample.tsx', ['../features/notifications/NotificationsBell'])).toEqual([
      `1 ${BOUNDARY}`,
    ]);
    expect(await refusals('src/web/Sample.tsx', ['./features/auth/routes'])).toEqual([`1 ${BOUNDARY}`]);
  });

  it("lets through a feature's public files, its own folder and the shared parts", async () => {
    const found = await refusals('src/web/features/team/person/Sample.tsx', [
      '../../staff/public',
      '../../staff/data',
      '../../staff/hooks',
      '../../tickets/i18n',
      '../../leads/reads',
      '../../tasks',
      '../CompletedTasks',
      './PersonDialog',
      '../structure/StructureList',
      '../../access',
      '../../../common/fields',
    ]);
    expect(found).toEqual([]);
    expect(await refusals('src/web/layout/Sample.tsx', ['../features/auth/public', '../features/access'])).toEqual([]);
  });

  it("keeps the one data path's rule: TanStack Query stays out of the screens", async () => {
    expect(await refusals('src/web/features/tasks/Sample.tsx', ['@tanstack/react-query'])).toEqual([`1 ${DATA_PATH}`]);
  });
});
