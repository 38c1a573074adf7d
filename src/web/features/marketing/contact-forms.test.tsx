// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../lib/auth/auth-state';
import { ContactForm } from './contact-form';
import { LandingContactForm } from './landing-contact-form';
import { parseMailto } from '../../../../test/web/parse-mailto';

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
});

/** A mail body as the mail client receives it: CRLF line breaks (RFC 6068). */
const mailLines = (...lines: string[]) => lines.join('\r\n');

function withToaster(ui: ReactNode) {
  return render(
    <>
      {ui}
      <Toaster />
    </>,
  );
}

const signedIn: AuthState = {
  status: 'authenticated',
  user: { firstName: 'Jan', lastName: 'de Vries', email: 'jan@verzekeraar.nl', companyName: 'Verzekeraar BV', fiscalNumber: 'NL123' },
  userId: 'u1',
  logout: async () => {},
};

type OpenMail = (url: string) => void;

/** Each form, as a visitor meets it (the contact form with a signed-in user), and its address. */
const FORMS = [
  {
    form: 'LandingContactForm',
    recipient: 'info@corisk.eu',
    render: (openMail: OpenMail) => withToaster(<LandingContactForm recipient="info@corisk.eu" productName="Corisk" openMail={openMail} />),
  },
  {
    form: 'ContactForm',
    recipient: 'support@corisk.eu',
    render: (openMail: OpenMail) =>
      withToaster(
        <AuthContext.Provider value={signedIn}>
          <ContactForm recipient="support@corisk.eu" openMail={openMail} />
        </AuthContext.Provider>,
      ),
  },
] as const;
const [landing, contact] = FORMS;

/** Types each value into the field whose label starts with its key. */
async function fill(fields: Partial<Record<string, string>>) {
  for (const [label, text] of Object.entries(fields)) if (text) await userEvent.type(screen.getByLabelText(new RegExp(`^${label}`)), text);
}

it.each([
  { form: landing, fields: {}, missing: 'every field' },
  { form: landing, fields: { Name: 'Ana Sousa', Email: 'ana@broker.pt' }, missing: 'the message' },
  { form: contact, fields: { Message: 'Hello' }, missing: 'the subject' },
])('$form.form without $missing: shows the required-fields message and opens nothing', async ({ form, fields }) => {
  const openMail = vi.fn<OpenMail>();
  form.render(openMail);
  await fill(fields);
  await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
  expect(openMail).not.toHaveBeenCalled();
});

it.each([
  { form: landing, fields: { Name: 'Ana', Email: 'ana@broker.pt', Message: 'Hello' } },
  { form: contact, fields: { Subject: 'Help', Message: 'Hello' } },
])('$form.form names $form.recipient when the mail client cannot be opened, and keeps the input', async ({ form, fields }) => {
  form.render(
    vi.fn(() => {
      throw new Error('blocked');
    }),
  );
  await fill(fields);
  await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(await screen.findByText(`Error opening email client. Please email us directly at ${form.recipient}`)).toBeTruthy();
  expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Hello');
});

describe('LandingContactForm', () => {
  it('opens the mail client to the info address with every field, confirms and clears the form', async () => {
    const openMail = vi.fn<(url: string) => void>();
    withToaster(<LandingContactForm recipient="info@corisk.eu" productName="Corisk" openMail={openMail} />);
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('type')).toBe('email');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ana Sousa');
    await userEvent.type(email, 'ana@broker.pt');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'Pricing');
    await userEvent.type(screen.getByLabelText(/^Message/), 'How much for 200 assessments?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(openMail).toHaveBeenCalledTimes(1);
    const mail = parseMailto(openMail.mock.calls[0]![0]);
    expect(mail.to).toBe('info@corisk.eu');
    expect(mail.subject).toBe('Corisk inquiry: Pricing from Ana Sousa');
    expect(mail.body).toBe(mailLines('Name: Ana Sousa', 'Email: ana@broker.pt', 'Topic: Pricing', '', 'Message:', 'How much for 200 assessments?'));
    expect(await screen.findByText('Email client opened! Please send the email to complete your request.')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
  });
});

describe('ContactForm', () => {
  it('prefills name and e-mail when signed in, mails the support address and prefills again after reset', async () => {
    const openMail = vi.fn<(url: string) => void>();
    contact.render(openMail);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Jan de Vries');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('jan@verzekeraar.nl');
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Invoice copy');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Other');
    await userEvent.type(screen.getByLabelText(/^Message/), 'Please send the March invoice.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const mail = parseMailto(openMail.mock.calls[0]![0]);
    expect(mail.to).toBe('support@corisk.eu');
    expect(mail.subject).toBe('[Other] Invoice copy');
    expect(mail.body).toBe(
      mailLines('Name: Jan de Vries', 'Email: jan@verzekeraar.nl', 'Category: Other', 'Subject: Invoice copy', '', 'Message:', 'Please send the March invoice.'),
    );
    expect(await screen.findByText('Email client opened! Please send the email to complete your request.')).toBeTruthy();
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Jan de Vries');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('jan@verzekeraar.nl');
  });

  it('fills in the user once the auth state arrives after the first render', () => {
    const loading: AuthState = { ...signedIn, status: 'loading', user: null, userId: null };
    const { rerender } = render(
      <AuthContext.Provider value={loading}>
        <ContactForm recipient="support@corisk.eu" />
      </AuthContext.Provider>,
    );
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    rerender(
      <AuthContext.Provider value={signedIn}>
        <ContactForm recipient="support@corisk.eu" />
      </AuthContext.Provider>,
    );
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Jan de Vries');
  });
});
