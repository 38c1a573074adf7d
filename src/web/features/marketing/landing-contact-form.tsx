import { useId } from 'react';
import { OptionalSelect } from '../../components/ui/select';
import { t } from '../../lib/i18n';
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
    <form noValidate onSubmit={onSubmit} aria-label={t('home.form.label')} className="grid gap-5">
      <NameEmailFields id={id} name={values.name} email={values.email} onName={update('name')} onEmail={update('email')} />
      <OptionalSelect
        id={`${id}-topic`}
        label={t('home.form.topic')}
        name="topic"
        emptyOption={t('home.form.topicEmpty')}
        options={landingTopics.map((o) => ({ value: o.value, label: t(o.label) }))}
        value={values.topic}
        onChange={update('topic')}
      />
      <MessageField id={id} rows={5} placeholder={t('home.form.messageExample')} value={values.message} onChange={update('message')} />
      <SendRow buttonClassName="sm:w-auto" />
    </form>
  );
}
