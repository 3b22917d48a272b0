import { describe, expect, it, vi } from 'vitest';
import { ElementDialog } from '../../src/web/features/flows/landing/ElementDialog';
import { newElement, type ElementValues } from '../../src/web/features/flows/landing/model';
import { en, renderWithAdmin } from './harness';

describe('landing element dialog', () => {
  it('saves a new lead form as it opened, its defaults untouched (Save was disabled until one changed)', async () => {
    const onSave = vi.fn((_v: ElementValues) => Promise.resolve(undefined));
    const screen = await renderWithAdmin(
      <ElementDialog values={newElement('lead_form', 0)} onSave={onSave} onClose={vi.fn()} />,
    );
    const save = screen.getByRole('button', { name: en.flows.editor.save });
    await expect.element(save).toBeEnabled();
    await save.click();
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      type: 'lead_form',
      content: { fields: [{ name: 'first_name' }, { name: 'email' }, { name: 'phone' }] },
    });
  });

  it('keeps Save of an existing element for when something changed', async () => {
    const onSave = vi.fn((_v: ElementValues) => Promise.resolve(undefined));
    const screen = await renderWithAdmin(
      <ElementDialog values={{ ...newElement('lead_form', 0), id: 5 }} onSave={onSave} onClose={vi.fn()} />,
    );
    await expect.element(screen.getByRole('button', { name: en.flows.editor.save })).toBeDisabled();
  });
});
