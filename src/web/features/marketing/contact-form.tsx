import { useId, useState } from 'react';
import { OptionalSelect } from '../../components/ui/select';
import { t } from '../../lib/i18n';
import { MessageField, NameEmailFields, RequiredInput, SendRow, useMailForm } from './name-email-fields';
import { useAuth } from '../../lib/auth/auth-state';
import {
  buildContactMailto,
  contactCategories,
  contactRequiredFields,
  emptyContact,
  openMailClient,
  type ContactValues,
  type OpenMailClient,
} from './mailto';

export interface ContactFormProps {
  /** The support address the message goes to. */
  recipient: string;
  /** How the mailto URL is handed to the mail client (the browser by default). */
  openMail?: OpenMailClient;
}

/** Name and e-mail of the signed-in user (empty when signed out). */
function useUserPrefill(): Pick<ContactValues, 'name' | 'email'> {
  const { status, user } = useAuth();
  if (status !== 'authenticated' || !user) return { name: '', email: '' };
  return { name: [user.firstName, user.lastName].filter((part) => part.trim() !== '').join(' '), email: user.email };
}

/** The contact page's form: validates, then opens the mail client to the support address. No server call. */
export function ContactForm({ recipient, openMail = openMailClient }: ContactFormProps) {
  const prefill = useUserPrefill();
  const prefillKey = `${prefill.name}\n${prefill.email}`;
  const [appliedPrefill, setAppliedPrefill] = useState(prefillKey);
  const id = useId();
  const { values, setValues, update, onSubmit } = useMailForm({
    initial: () => ({ ...emptyContact, ...prefill }),
    required: contactRequiredFields,
    mailto: (v: ContactValues) => buildContactMailto(v, recipient),
    recipient,
    openMail,
  });

  // The user's data may arrive after the first render (auth state loads): fill the fields still empty.
  if (appliedPrefill !== prefillKey) {
    setAppliedPrefill(prefillKey);
    setValues((current) => ({
      ...current,
      name: current.name || prefill.name,
      email: current.email || prefill.email,
    }));
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('home.form.label')} className="grid gap-5">
      <NameEmailFields id={id} name={values.name} email={values.email} onName={update('name')} onEmail={update('email')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <RequiredInput
          id={`${id}-subject`}
          label={t('marketing.contactForm.subject')}
          name="subject"
          placeholder={t('marketing.contactForm.subjectExample')}
          value={values.subject}
          onChange={update('subject')}
        />
        <OptionalSelect
          id={`${id}-category`}
          label={t('marketing.contactForm.category')}
          name="category"
          emptyOption={t('marketing.contactForm.categoryEmpty')}
          options={contactCategories.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={values.category}
          onChange={update('category')}
        />
      </div>
      <MessageField id={id} rows={6} placeholder={t('marketing.contactForm.messageExample')} value={values.message} onChange={update('message')} />
      <SendRow />
    </form>
  );
}
