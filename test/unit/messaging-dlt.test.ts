// India's DLT registration (issue #28.11): the formats a hub enters (19-digit entity and template ids,
// a 6-letter header), the demo's all-zero stand-in refused as input, and the rule that gives an SMS
// its DLT fields or refuses it with the reason: no registration, no id for the text's language, or the
// demo's ids outside the local sink.
import { describe, expect, it } from 'vitest';
import { dltRegistrationSchema, findTemplate, type DltRegistration } from '../../shared/contracts/messaging';
import { SendRefused, smsDlt } from '../../functions/messaging/rules';

const registration = (over: Record<string, unknown> = {}) => ({
  entityId: '1201160000000054321',
  header: 'dkhubt',
  templateIds: { dock_assigned: { en: '1207160000000010200', hi: '' } },
  ...over,
});
const errors = (input: unknown) => {
  const parsed = dltRegistrationSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the DLT registration a hub enters', () => {
  it('takes 19-digit ids and a 6-letter header (upper-cased); a blank template id means not registered', () => {
    expect(dltRegistrationSchema.parse(registration())).toEqual({
      entityId: '1201160000000054321',
      header: 'DKHUBT',
      templateIds: { dock_assigned: { en: '1207160000000010200', hi: null } },
    });
  });

  it.each([
    ['an 18-digit entity id', { entityId: '120116000000005432' }, 'entityId: The DLT entity ID must be 19 digits'],
    ['a 20-digit entity id', { entityId: '12011600000000543210' }, 'entityId: The DLT entity ID must be 19 digits'],
    ['letters in the entity id', { entityId: '12011600000000543AB' }, 'entityId: The DLT entity ID must be 19 digits'],
    [
      'the demo entity id',
      { entityId: '0000000000000000000' },
      'entityId: All zeros is the demo stand-in, not a DLT ID: enter the ID from your DLT registration',
    ],
    ['a 5-letter header', { header: 'DKHUB' }, 'header: The sender header must be 6 letters (A-Z)'],
    ['a numeric (promotional) header', { header: '123456' }, 'header: The sender header must be 6 letters (A-Z)'],
    [
      'a short template id',
      { templateIds: { dock_assigned: { en: '12345' } } },
      'templateIds.dock_assigned.en: A DLT template ID must be 19 digits',
    ],
    [
      'an unknown template',
      { templateIds: { no_such: { en: '1207160000000010200' } } },
      'templateIds: Unrecognized key: "no_such"',
    ],
    [
      'one id for two texts',
      { templateIds: { dock_assigned: { en: '1207160000000010200' }, delay_alert: { hi: '1207160000000010200' } } },
      'templateIds.delay_alert.hi: This DLT template ID is already entered for another text: each registered text has its own ID',
    ],
  ])('refuses %s', (_case, over, message) => {
    expect(errors(registration(over))).toEqual([message]);
  });
});

describe('the DLT fields of an SMS', () => {
  const dockAssigned = findTemplate('dock_assigned')!;
  const hub: DltRegistration = {
    entityId: '1201160000000054321',
    header: 'DKHUBT',
    templateIds: { dock_assigned: { en: '1207160000000010200', hi: null } },
  };
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(SendRefused);
      return (err as Error).message;
    }
    return 'sent';
  };

  it('carries the registration’s entity id, header and the template id of the text’s language', () => {
    expect(smsDlt(hub, 'hub', dockAssigned, 'en', false)).toEqual({
      entityId: '1201160000000054321',
      header: 'DKHUBT',
      templateId: '1207160000000010200',
    });
  });

  it('refuses an SMS whose text has no template id, naming the template and the language', () => {
    expect(refusal(() => smsDlt(hub, 'hub', dockAssigned, 'hi', false))).toBe(
      'Not sent: "Dock Assigned" has no DLT template ID for its Hindi text. Add it under Configuration, Messaging providers',
    );
    expect(refusal(() => smsDlt(hub, 'hub', findTemplate('delay_alert')!, 'en', false))).toBe(
      'Not sent: "Delay Alert" has no DLT template ID for its English text. Add it under Configuration, Messaging providers',
    );
  });

  it('refuses without a registration: the hub’s, or the platform’s missing from the deployment', () => {
    expect(refusal(() => smsDlt(null, 'hub', dockAssigned, 'en', true))).toBe(
      'Not sent: SMS needs the hub’s DLT registration. Enter the DLT entity ID and sender header under Configuration, Messaging providers',
    );
    expect(refusal(() => smsDlt(null, 'platform', dockAssigned, 'en', true))).toBe(
      'Not sent: the platform’s DLT registration is missing from this deployment’s configuration',
    );
  });

  it('lets the demo’s all-zero ids reach only the local sink', () => {
    const demo: DltRegistration = {
      entityId: '0000000000000000000',
      header: 'DSDEMO',
      templateIds: { dock_assigned: { en: '0000000000000000000', hi: '0000000000000000000' } },
    };
    expect(smsDlt(demo, 'hub', dockAssigned, 'hi', true)).toEqual({
      entityId: '0000000000000000000',
      header: 'DSDEMO',
      templateId: '0000000000000000000',
    });
    expect(refusal(() => smsDlt(demo, 'hub', dockAssigned, 'hi', false))).toBe(
      'Not sent: the demo DLT registration only reaches the local outbox. Enter your own DLT IDs under Configuration, Messaging providers',
    );
  });
});
