import { describe, expect, it, vi } from 'vitest';
import { TaskCreateDialog } from '../../src/web/features/tasks/TaskCreateDialog';
import { en, renderWithAdmin } from './harness';

describe('the new-task dialog', () => {
  it("draws the End time picker filled, as react-admin's inputs beside it (it stood outlined)", async () => {
    const screen = await renderWithAdmin(<TaskCreateDialog onClose={() => undefined} />, {
      getList: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
    });
    const end = screen.getByRole('group', { name: en.tasks.fields.end_at });
    await expect.element(end).toBeVisible();
    const field = (el: Element) => el.closest('.MuiInputBase-root, .MuiPickersInputBase-root')!;
    const description = screen.getByRole('textbox', { name: en.tasks.fields.description });
    expect(field(description.element()).className).toContain('MuiFilledInput-root');
    expect(field(end.element()).className).toContain('MuiPickersFilledInput-root');
  });
});
