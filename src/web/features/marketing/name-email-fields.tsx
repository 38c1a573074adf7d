import type { ChangeEvent } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

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
