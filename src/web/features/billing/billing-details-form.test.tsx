// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { screeningDecisionRequestSchema } from '../../../shared/contracts/screening';
import { fieldError } from '../../lib/field-error';
import { setLocale } from '../../lib/i18n';
import { BillingDetailsForm } from './billing-details-form';

isolateTests();
// Each test starts in English again.
afterEach(() => setLocale('en'));

function renderForm() {
  const onSubmit = vi.fn();
  const { container } = render(<BillingDetailsForm id="details" defaultCompany="Acme S.p.A." serverError={null} onSubmit={onSubmit} />);
  const field = (id: string) => container.querySelector<HTMLElement>(`#${id}`)!;
  return { onSubmit, field, submit: () => fireEvent.submit(container.querySelector('form')!) };
}

describe('validation problems in the reader’s language', () => {
  it('shows what is wrong with a VAT ID in German', async () => {
    await setLocale('de');
    const { onSubmit, field, submit } = renderForm();
    await userEvent.selectOptions(field('billing-country'), 'France');
    await userEvent.type(field('billing-vat'), 'IT00743110157');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ungültige USt-IdNr. (Frankreich): Dies scheint eine italienische (IT) Nummer zu sein. Wählen Sie Italien als Land oder prüfen Sie die Nummer.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows it in English as the server words it', async () => {
    const { field, submit } = renderForm();
    await userEvent.selectOptions(field('billing-country'), 'Portugal');
    await userEvent.type(field('billing-vat'), 'PT50069725');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid VAT number for Portugal: it has 8 digits, expected 9 digits');
  });

  it('writes a shared contract’s zod message in the active language, and leaves other text as it is', async () => {
    const parsed = screeningDecisionRequestSchema.safeParse({ report_id: crypto.randomUUID(), entry_id: 'e1', decision: 'false_positive', note: ' ' });
    const message = parsed.success ? '' : parsed.error.issues[0]!.message;
    expect(fieldError(message)).toBe('Please say why in a note.');
    await setLocale('pl');
    expect(fieldError(message)).toBe('Proszę podać uzasadnienie w notatce.');
    expect(fieldError('The server said so.')).toBe('The server said so.');
  });
});
