import { Send } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';

type Change = (event: ChangeEvent<HTMLInputElement>) => void;

/** The required Name and Email row both contact forms open with. */
export function NameEmailFields(props: { id: string; name: string; email: string; onName: Change; onEmail: Change }) {
  const { id } = props;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div>
        <Label htmlFor={`${id}-name`} required>
          Name
        </Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          placeholder="Your full name"
          required
          value={props.name}
          onChange={props.onName}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-email`} required>
          Email
        </Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.eu"
          required
          value={props.email}
          onChange={props.onEmail}
        />
      </div>
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
        Message
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
        Required. Sending opens your email app with the message ready to send.
      </p>
      <Button type="submit" size="lg" className={buttonClassName}>
        <Send className="size-4" aria-hidden="true" />
        Send Message
      </Button>
    </div>
  );
}
