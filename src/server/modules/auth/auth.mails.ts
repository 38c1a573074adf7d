import type { Mail } from '../../providers/mailer/mailer.js';
import { renderMail } from '../../providers/mailer/layout.js';

/** The account e-mails. Links carry one-time tokens; never a password. */

export interface MailBrand {
  productName: string;
  appUrl: string;
  supportEmail: string;
}

/**
 * "Hello Anna," for a confirmed account; plain "Hello," otherwise, so nobody can put words of their
 * choosing (a name like "visit http://…") into a mail that goes to someone else's address.
 */
const hello = (firstName: string | undefined) => (firstName ? `Hello ${firstName},` : 'Hello,');

const helpLine = (b: MailBrand) =>
  `If you did not make this change, reset your password right away and contact us at ${b.supportEmail}.`;

function mail(to: string, subject: string, body: Parameters<typeof renderMail>[0]): Mail {
  return { to, subject, ...renderMail(body) };
}

export function confirmationMail(b: MailBrand, to: string, link: string): Mail {
  return mail(to, `Confirm your ${b.productName} account`, {
    ...b,
    preheader: 'One click to activate your account and your free trial credits.',
    heading: 'Confirm your email address',
    paragraphs: [
      hello(undefined),
      `Welcome to ${b.productName}! Please confirm your email address to activate your account and start your free trial.`,
    ],
    action: { label: 'Confirm my account', url: link },
    after: ['This link works once and expires in 24 hours.'],
    footnote: `You received this email because this address was used to create a ${b.productName} account. If that was not you, ignore this email: no account will be activated.`,
  });
}

export function signupExistingAccountMail(b: MailBrand, to: string, firstName: string | undefined): Mail {
  return mail(to, `Someone tried to create a ${b.productName} account with your email`, {
    ...b,
    preheader: 'You already have an account with this address.',
    heading: 'You already have an account',
    paragraphs: [
      hello(firstName),
      `Someone (hopefully you) just tried to create a new ${b.productName} account with this email address. You already have an account, so nothing was changed.`,
      'You can sign in with your existing password. If you forgot it, you can set a new one.',
    ],
    action: { label: 'Sign in', url: `${b.appUrl}/auth/signin` },
    after: [`Forgot your password? Request a reset link at ${b.appUrl}/auth/forgot-password`],
    footnote: `If this was not you, you can ignore this email: your account is safe. Questions: ${b.supportEmail}.`,
  });
}

export function passwordResetMail(b: MailBrand, to: string, firstName: string | undefined, link: string): Mail {
  return mail(to, `Reset your ${b.productName} password`, {
    ...b,
    preheader: 'Use this link within 1 hour to choose a new password.',
    heading: 'Reset your password',
    paragraphs: [hello(firstName), 'We received a request to reset the password of your account. Choose a new one here:'],
    action: { label: 'Set a new password', url: link },
    after: ['This link works once and expires in 1 hour. Setting a new password signs you out on every device.'],
    footnote: 'If you did not ask for a password reset, ignore this email: your password stays the same.',
  });
}

export function passwordChangedMail(b: MailBrand, to: string, firstName: string | undefined, how: 'reset' | 'changed'): Mail {
  return mail(to, `Your ${b.productName} password was changed`, {
    ...b,
    preheader: 'A security notice about your account.',
    heading: 'Your password was changed',
    paragraphs: [
      hello(firstName),
      how === 'reset'
        ? 'The password of your account was just reset with a link sent to this address. You have been signed out on every device.'
        : 'The password of your account was just changed from Account Settings. Your other devices have been signed out.',
      helpLine(b),
    ],
    action: { label: 'Reset my password', url: `${b.appUrl}/auth/forgot-password` },
    footnote: `This security notice is sent whenever the password of your ${b.productName} account changes.`,
  });
}

export function emailChangedMail(b: MailBrand, oldAddress: string, firstName: string | undefined, newAddress: string): Mail {
  return mail(oldAddress, `Your ${b.productName} email address was changed`, {
    ...b,
    preheader: 'A security notice about your account.',
    heading: 'Your email address was changed',
    paragraphs: [
      hello(firstName),
      `The email address of your ${b.productName} account was changed from ${oldAddress} to ${newAddress}. From now on, sign in with the new address.`,
      `If you did not make this change, contact us right away at ${b.supportEmail}.`,
    ],
    footnote: `This security notice is sent to the previous address whenever the email address of a ${b.productName} account changes.`,
  });
}
