import { useId } from 'react';
import { OptionalSelect } from '../../components/ui/select';
import { MessageField, NameEmailFields, SendRow, useMailForm } from './name-email-fields';
import {
  buildLandingMailto,
  emptyLandingContact,
  landingRequiredFields,
  landingTopics,
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
  const id = useId();
  const { values, update, onSubmit } = useMailForm({
    initial: () => emptyLandingContact,
    required: landingRequiredFields,
    mailto: (v: LandingContactValues) => buildLandingMailto(v, recipient, productName),
    recipient,
    openMail,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="grid gap-5">
      <NameEmailFields id={id} name={values.name} email={values.email} onName={update('name')} onEmail={update('email')} />
      <OptionalSelect id={`${id}-topic`} label="Topic" name="topic" emptyOption="Select a topic (optional)" options={landingTopics} value={values.topic} onChange={update('topic')} />
      <MessageField id={id} rows={5} placeholder="Tell us about your portfolio, your team and what you would like to assess." value={values.message} onChange={update('message')} />
      <SendRow buttonClassName="sm:w-auto" />
    </form>
  );
}
