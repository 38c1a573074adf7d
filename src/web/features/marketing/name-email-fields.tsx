import { Send } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input, type InputProps } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { hasRequiredFields, mailClientErrorMessage, mailClientOpenedMessage, requiredFieldsMessage, type OpenMailClient } from './mailto';

type Change = (event: ChangeEvent<HTMLInputElement>) => void;

/** The required Name and Email row both contact forms open with. */
export function NameEmailFields(props: { id: string; name: string; email: string; onName: Change; onEmail: Change }) {
  const { id } = props;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <RequiredInput id={`${id}-name`} label={t('home.form.name')} name="name" autoComplete="name" placeholder={t('home.form.nameExample')} value={props.name} onChange={props.onName} />
      <RequiredInput
        id={`${id}-email`}
        label={t('home.form.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('home.form.emailExample')}
        value={props.email}
        onChange={props.onEmail}
      />
    </div>
  );
}

/** A required text input under its label. */
export function RequiredInput({ id, label, ...input }: InputProps & { id: string; label: string }) {
  return (
    <div>
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Input id={id} required {...input} />
    </div>
  );
}

/** The required Message field of both contact forms. */
export function MessageField(props: {
  id: string;
  rows: number;
  placeholder: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
}) {
  const { id } = props;
  return (
    <div>
      <Label htmlFor={`${id}-message`} required>
        {t('home.form.message')}
      </Label>
      <Textarea
        id={`${id}-message`}
        name="message"
        rows={props.rows}
        placeholder={props.placeholder}
        required
        value={props.value}
        onChange={props.onChange}
      />
    </div>
  );
}

/** The required-fields note and the Send Message button both contact forms end with. */
export function SendRow({ buttonClassName }: { buttonClassName?: string }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-xs text-slate-500">
        <span className="text-red-600" aria-hidden="true">
          *
        </span>{' '}
        {t('home.form.requiredNote')}
      </p>
      <Button type="submit" size="lg" className={buttonClassName}>
        <Send className="size-4" aria-hidden="true" />
        {t('home.form.send')}
      </Button>
    </div>
  );
}

export interface MailFormOptions<K extends string, V extends Record<K, string>> {
  /** The values of a fresh form (again after a message is handed over). */
  initial: () => V;
  required: readonly K[];
  mailto: (values: V) => string;
  recipient: string;
  openMail: OpenMailClient;
}

/** A contact form's values and submit: it validates, then opens the mail client. No server call. */
export function useMailForm<K extends string, V extends Record<K, string>>({ initial, required, mailto, recipient, openMail }: MailFormOptions<K, V>) {
  const [values, setValues] = useState<V>(initial);
  const update =
    (field: keyof V) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasRequiredFields(values, required)) {
      toast.error(requiredFieldsMessage());
      return;
    }
    try {
      openMail(mailto(values));
    } catch {
      toast.error(mailClientErrorMessage(recipient));
      return;
    }
    toast.success(mailClientOpenedMessage());
    setValues(initial());
  };
  return { values, setValues, update, onSubmit };
}
