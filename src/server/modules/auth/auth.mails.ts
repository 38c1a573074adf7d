import type { Locale } from '../../../shared/i18n/locales.js';
import type { Mail } from '../../providers/mailer/mailer.js';
import { hello, writeMail, type MailBody, type MailText } from '../../providers/mailer/mail-text.js';

/** The account e-mails, in the recipient's language. Links carry one-time tokens; never a password. */

export interface MailBrand {
  productName: string;
  appUrl: string;
  supportEmail: string;
}

const mail = (b: MailBrand, locale: Locale, to: string, write: (t: MailText) => { subject: string } & MailBody): Mail => ({ to, ...writeMail(b, locale, write) });

export function confirmationMail(b: MailBrand, locale: Locale, to: string, link: string): Mail {
  const productName = b.productName;
  return mail(b, locale, to, (t) => ({
    subject: t('confirm.subject', { productName }),
    preheader: t('confirm.preheader'),
    heading: t('confirm.heading'),
    paragraphs: [hello(t, undefined), t('confirm.welcome', { productName })],
    action: { label: t('confirm.action'), url: link },
    after: [t('confirm.expiry')],
    footnote: t('confirm.footnote', { productName }),
  }));
}

export function signupExistingAccountMail(b: MailBrand, locale: Locale, to: string, firstName: string | undefined): Mail {
  const productName = b.productName;
  return mail(b, locale, to, (t) => ({
    subject: t('existing.subject', { productName }),
    preheader: t('existing.preheader'),
    heading: t('existing.heading'),
    paragraphs: [hello(t, firstName), t('existing.body', { productName }), t('existing.signIn')],
    action: { label: t('existing.action'), url: `${b.appUrl}/auth/signin` },
    after: [t('existing.forgot', { url: `${b.appUrl}/auth/forgot-password` })],
    footnote: t('existing.footnote', { supportEmail: b.supportEmail }),
  }));
}

export function passwordResetMail(b: MailBrand, locale: Locale, to: string, firstName: string | undefined, link: string): Mail {
  return mail(b, locale, to, (t) => ({
    subject: t('reset.subject', { productName: b.productName }),
    preheader: t('reset.preheader'),
    heading: t('reset.heading'),
    paragraphs: [hello(t, firstName), t('reset.body')],
    action: { label: t('reset.action'), url: link },
    after: [t('reset.expiry')],
    footnote: t('reset.footnote'),
  }));
}

export function passwordChangedMail(b: MailBrand, locale: Locale, to: string, firstName: string | undefined, how: 'reset' | 'changed'): Mail {
  const productName = b.productName;
  return mail(b, locale, to, (t) => ({
    subject: t('passwordChanged.subject', { productName }),
    preheader: t('security.preheader'),
    heading: t('passwordChanged.heading'),
    paragraphs: [
      hello(t, firstName),
      t(how === 'reset' ? 'passwordChanged.byReset' : 'passwordChanged.bySettings'),
      t('security.help', { supportEmail: b.supportEmail }),
    ],
    action: { label: t('passwordChanged.action'), url: `${b.appUrl}/auth/forgot-password` },
    footnote: t('passwordChanged.footnote', { productName }),
  }));
}

export function emailChangedMail(b: MailBrand, locale: Locale, oldAddress: string, firstName: string | undefined, newAddress: string): Mail {
  const productName = b.productName;
  return mail(b, locale, oldAddress, (t) => ({
    subject: t('emailChanged.subject', { productName }),
    preheader: t('security.preheader'),
    heading: t('emailChanged.heading'),
    paragraphs: [
      hello(t, firstName),
      t('emailChanged.body', { productName, oldAddress, newAddress }),
      t('emailChanged.contact', { supportEmail: b.supportEmail }),
    ],
    footnote: t('emailChanged.footnote', { productName }),
  }));
}
