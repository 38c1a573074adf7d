import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Label } from '../../components/ui/label';
import { MessageField, NameEmailFields, SendRow } from './name-email-fields';
import { Select } from '../../components/ui/select';
import {
  MAIL_CLIENT_OPENED_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  buildLandingMailto,
  emptyLandingContact,
  hasRequiredFields,
  landingRequiredFields,
  landingTopics,
  mailClientErrorMessage,
  openMailClient,
  type LandingContactValues,
  type OpenMailClient,
} from './mailto';

export interface LandingContactFormProps {
  /** The company info address the message goes to. */
  recipient: string;
  productName: string;
  /** How the mailto URL is handed to the mail client (the browser by default). */
  openMail?: OpenMailClient;
}

/** The landing page's contact form: validates, then opens the visitor's mail client. No server call. */
export function LandingContactForm({ recipient, productName, openMail = openMailClient }: LandingContactFormProps) {
  const [values, setValues] = useState<LandingContactValues>(emptyLandingContact);
  const id = useId();

  const update =
    (field: keyof LandingContactValues) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasRequiredFields(values, landingRequiredFields)) {
      toast.error(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    try {
      openMail(buildLandingMailto(values, recipient, productName));
    } catch {
      toast.error(mailClientErrorMessage(recipient));
      return;
    }
    toast.success(MAIL_CLIENT_OPENED_MESSAGE);
    setValues(emptyLandingContact);
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Contact form" className="grid gap-5">
      <NameEmailFields id={id} name={values.name} email={values.email} onName={update('name')} onEmail={update('email')} />
      <div>
        <Label htmlFor={`${id}-topic`}>Topic</Label>
        <Select
          id={`${id}-topic`}
          name="topic"
          emptyOption="Select a topic (optional)"
          emptyOptionSelectable
          options={landingTopics}
          value={values.topic}
          onChange={update('topic')}
        />
      </div>
      <MessageField id={id} rows={5} placeholder="Tell us about your portfolio, your team and what you would like to assess." value={values.message} onChange={update('message')} />
      <SendRow buttonClassName="sm:w-auto" />
    </form>
  );
}
