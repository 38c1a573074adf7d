import { msg, type Message } from '../../shared/i18n/message.js';

/**
 * A register named in an evidence, as a message where its words have a form to translate: a
 * published file and its date ('KBO open data of 2026-11-01', the date written the reader's way)
 * or Latvia's tax data of a year; any other name stays as it is.
 */
export function registerValue(register: string): Message | string {
  const file = /^(.+) of (\d{4}-\d{2}-\d{2})$/.exec(register);
  if (file) return msg('industry.activity.publishedOn', { publisher: file[1]!, date: { date: file[2]! } });
  const tax = /^State Revenue Service \(VID\) tax data for (\d{4})$/.exec(register);
  if (tax) return msg('industry.activity.vidTaxData', { year: tax[1]! });
  return register;
}
