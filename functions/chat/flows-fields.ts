// A hub's own booking fields by chat (issue #32's custom fields, issue #56): those its booking form makes
// a carrier answer, asked one by one after the built-in ones, each checked by the field's own rule
// (fieldValueProblem) with its own message (its Hindi one in Hindi).
import { translateServerMessage } from '../lib/server-messages';
import { fieldValueProblem, fieldsAsked, type BookingField } from '../../shared/contracts/appointment-types';
import type { FieldValue } from '../../shared/contracts/booking-fields';
import type { Language } from '../../shared/contracts/messaging-templates';
import type { ChatContent, ChatReply } from './types';
import { chosen } from './steps';
import { buttons, list, text } from './turn';

/** The fields a carrier must answer for the type, not answered yet. */
export const customFieldsToAsk = (fields: BookingField[], typeId: string | null, answers: Record<string, FieldValue>) =>
  fieldsAsked(fields, typeId, 'carrier').filter((f) => f.requiredForCarriers && !(f.id in answers));

const labelOf = (field: BookingField, language: Language) =>
  language === 'hi' && field.labelHi ? field.labelHi : field.label;

const YES_NO: Record<Language, [string, string]> = { en: ['Yes', 'No'], hi: ['हाँ', 'नहीं'] };

/** The question of a field: a list of a dropdown's options, yes/no buttons of a checkbox, else its label. */
export function fieldQuestion(field: BookingField, language: Language): ChatReply {
  const label = labelOf(field, language);
  if (field.kind === 'checkbox')
    return buttons(label, [
      { id: 'field:yes', title: YES_NO[language][0] },
      { id: 'field:no', title: YES_NO[language][1] },
    ]);
  if (field.kind === 'dropdown' && field.options.length <= 10)
    return list(
      label,
      label,
      field.options.map((o, i) => ({ id: `field:${i}`, title: o })),
    );
  const hint = field.kind === 'date' ? ' (YYYY-MM-DD)' : '';
  return text(`${label}${hint}`);
}

/** A message's answer to the field: its value, or the field's own message why it does not fit. */
export function fieldAnswer(
  field: BookingField,
  content: ChatContent,
  language: Language,
): { value: FieldValue } | { problem: string } | null {
  let value: FieldValue | undefined;
  if (field.kind === 'checkbox') {
    const id = chosen(content, [
      { id: 'field:yes', title: YES_NO[language][0] },
      { id: 'field:no', title: YES_NO[language][1] },
    ]);
    value = id ? id === 'field:yes' : undefined;
  } else if (field.kind === 'dropdown') {
    const options = field.options.map((o, i) => ({ id: `field:${i}`, title: o }));
    const id = chosen(content, options);
    value = id
      ? field.options[Number(id.slice('field:'.length))]
      : content.kind === 'text'
        ? content.text.trim()
        : undefined;
  } else if (content.kind === 'text') {
    value = field.kind === 'number' ? Number(content.text.trim()) : content.text.trim();
  }
  if (value === undefined) return null;
  const problem = fieldValueProblem(field, value, 'carrier');
  if (!problem) return { value };
  return { problem: language === 'hi' && problem.hi ? problem.hi : translateServerMessage(problem.en, language) };
}
