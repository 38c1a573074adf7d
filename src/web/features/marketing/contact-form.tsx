import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { MessageField, NameEmailFields, SendRow } from './name-email-fields';
import { Select } from '../../components/ui/select';
import { useAuth } from '../../lib/auth/auth-state';
import {
  MAIL_CLIENT_OPENED_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  buildContactMailto,
  contactCategories,
  contactRequiredFields,
  emptyContact,
  hasRequiredFields,
  mailClientErrorMessage,
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
  const [values, setValues] = useState<ContactValues>(() => ({ ...emptyContact, ...prefill }));
  const [appliedPrefill, setAppliedPrefill] = useState(prefillKey);
  const id = useId();

  // The user's data may arrive after the first render (auth state loads): fill the fields still empty.
  if (appliedPrefill !== prefillKey) {
    setAppliedPrefill(prefillKey);
    setValues((current) => ({
      ...current,
      name: current.name || prefill.name,
      email: current.email || prefill.email,
    }));
  }

  const update =
    (field: keyof ContactValues) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasRequiredFields(values, contactRequiredFields)) {
      toast.error(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    try {
      openMail(buildContactMailto(values, recipient));
    } catch {
      toast.error(mailClientErrorMessage(recipient));
      return;
    }
    toast.success(MAIL_CLIENT_OPENED_MESSAGE);
    setValues({ ...emptyContact, ...prefill });
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Contact form" className="grid gap-5">
      <NameEmailFields id={id} name={values.name} email={values.email} onName={update('name')} onEmail={update('email')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-subject`} required>
            Subject
          </Label>
          <Input
            id={`${id}-subject`}
            name="subject"
            placeholder="What is it about?"
            required
            value={values.subject}
            onChange={update('subject')}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select
            id={`${id}-category`}
            name="category"
            emptyOption="Select a category (optional)"
            emptyOptionSelectable
            options={contactCategories}
            value={values.category}
            onChange={update('category')}
          />
        </div>
      </div>
      <MessageField id={id} rows={6} placeholder="Describe your question or the issue. For a report, include its report ID and the company's fiscal number." value={values.message} onChange={update('message')} />
      <SendRow />
    </form>
  );
}
