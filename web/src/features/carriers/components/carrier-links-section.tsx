// "Carriers on DockSaathi" on the carriers screen (issue #59): the hub's links to carriers of the
// platform with their status; for staff who manage carriers (carriers:write), the invitation by GSTIN or
// mobile number (the server's refusal shown as it answers it), Approve on a carrier's request, and
// Unlink (or withdraw, or decline) after a confirmation. Fetched when the screen shows it.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { QueryState } from '../../../components/list-detail';
import { messageOf } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSession } from '../../../lib/session';
import { useCarriers, type Carrier } from '../api/carriers';
import {
  useApproveLink,
  useCarrierLinks,
  useInviteCarrier,
  useUnlinkCarrier,
  type HubCarrierLink,
} from '../api/carrier-links';

const STATUS_TONE: Record<HubCarrierLink['status'], BadgeTone> = {
  invited: 'blue',
  requested: 'yellow',
  linked: 'green',
};

export function CarrierLinksSection() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const canEdit = hasPermission('carriers:write');
  const links = useCarrierLinks();
  const carriers = useCarriers();
  const records = (carriers.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const [ending, setEnding] = useState<HubCarrierLink | null>(null);
  const unlink = useUnlinkCarrier();

  return (
    <section aria-labelledby="carrier-links-heading">
      <Card>
        <CardHeader
          title={<span id="carrier-links-heading">{t('carriers.links.heading')}</span>}
          description={t('carriers.links.intro')}
        />
        <CardBody>
          <div className="grid gap-6 lg:grid-cols-2">
            <QueryState
              loading={links.isLoading}
              failed={links.isError}
              empty={!links.data?.length}
              texts={{
                loading: t('carriers.links.loading'),
                failed: t('carriers.links.failed'),
                empty: t('carriers.links.empty'),
              }}
            >
              <ul className="space-y-2" aria-label={t('carriers.links.list')}>
                {(links.data ?? []).map((link) => (
                  <LinkItem
                    key={link.identityId}
                    link={link}
                    canEdit={canEdit}
                    records={records}
                    carriers={carriers.data ?? []}
                    onEnd={() => setEnding(link)}
                  />
                ))}
              </ul>
            </QueryState>
            {canEdit && <InviteForm records={records} />}
          </div>
        </CardBody>
      </Card>
      {ending && (
        <ConfirmDialog
          open
          title={t(`carriers.links.end.${ending.status}.title`, { name: ending.identityName })}
          confirmLabel={t(`carriers.links.end.${ending.status}.confirm`)}
          pending={unlink.isPending}
          onCancel={() => setEnding(null)}
          onConfirm={() => unlink.mutate({ identityId: ending.identityId }, { onSuccess: () => setEnding(null) })}
        >
          {t(`carriers.links.end.${ending.status}.body`, { name: ending.identityName })}
        </ConfirmDialog>
      )}
    </section>
  );
}

function LinkItem({
  link,
  canEdit,
  records,
  carriers,
  onEnd,
}: {
  link: HubCarrierLink;
  canEdit: boolean;
  records: { value: string; label: string }[];
  carriers: Carrier[];
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveLink();
  const [recordId, setRecordId] = useState('');
  const record = carriers.find((c) => c.id === link.carrierId);
  const by = link.invitedBy;
  return (
    <li data-testid="carrier-link" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{link.identityName}</span>
        <Badge tone={STATUS_TONE[link.status]}>{t(`carriers.links.status.${link.status}`)}</Badge>
      </div>
      <div className="flex flex-wrap gap-x-4 text-sm text-slate-600">
        {link.gstin && <span>{t('carriers.links.gstinIs', { gstin: link.gstin })}</span>}
        {by && 'phoneNumber' in by && <span>{t('carriers.links.invitedByPhone', { phone: by.phoneNumber })}</span>}
        {record && <span>{t('carriers.links.record', { name: record.name })}</span>}
      </div>
      {link.message && <p className="text-sm text-slate-700">“{link.message}”</p>}
      {link.status === 'linked' && <p className="text-xs text-slate-500">{link.fiduciary}</p>}
      {canEdit && (
        <div className="flex flex-wrap items-end gap-2">
          {link.status === 'requested' && (
            <>
              <SelectField
                label={t('carriers.links.recordFor', { name: link.identityName })}
                options={records}
                placeholder={t('carriers.links.chooseRecord')}
                value={recordId}
                onChange={(e) => setRecordId(e.target.value)}
              />
              <Button
                size="sm"
                disabled={!recordId || approve.isPending}
                onClick={() => approve.mutate({ identityId: link.identityId, carrierId: recordId })}
              >
                {t('carriers.links.approve')}
              </Button>
            </>
          )}
          <Button
            size="sm"
            variant="secondary"
            aria-label={t(`carriers.links.end.${link.status}.button`, { name: link.identityName })}
            onClick={onEnd}
          >
            {t(`carriers.links.end.${link.status}.confirm`)}
          </Button>
        </div>
      )}
    </li>
  );
}

interface InviteValues {
  by: 'gstin' | 'phoneNumber';
  gstin: string;
  phoneNumber: string;
  carrierId: string;
}

/** The invitation: checked by the server, whose refusal (a GSTIN's check digit, one already linked) shows here. */
function InviteForm({ records }: { records: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const invite = useInviteCarrier();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState, setError, reset } = useForm<InviteValues>({
    defaultValues: { by: 'gstin', gstin: '', phoneNumber: '', carrierId: '' },
  });
  const by = watch('by');
  const { errors } = formState;
  return (
    <form
      aria-label={t('carriers.links.invite')}
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit((v) => {
        setRefusal(null);
        const whom = v.by === 'gstin' ? { gstin: v.gstin.trim() } : { phoneNumber: v.phoneNumber.trim() };
        invite.mutate(
          { ...whom, carrierId: v.carrierId },
          {
            onSuccess: () => reset({ by: v.by, gstin: '', phoneNumber: '', carrierId: '' }),
            onError: (error) => {
              if (!showServerFieldErrors(error, setError))
                setRefusal(messageOf(error, t('carriers.links.toasts.inviteFailed')));
            },
          },
        );
      })}
    >
      <h3 className="font-semibold">{t('carriers.links.invite')}</h3>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">{t('carriers.links.inviteBy')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="gstin" {...register('by')} />
          {t('carriers.links.byGstin')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="phoneNumber" {...register('by')} />
          {t('carriers.links.byPhone')}
        </label>
      </fieldset>
      {by === 'gstin' ? (
        <Field
          label={t('carriers.links.gstin')}
          autoCapitalize="characters"
          maxLength={20}
          error={errors.gstin?.message}
          {...register('gstin', { required: t('carriers.links.required') })}
        />
      ) : (
        <Field
          label={t('carriers.links.phone')}
          type="tel"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber', { required: t('carriers.links.required') })}
        />
      )}
      <SelectField
        label={t('carriers.links.recordLabel')}
        hint={t('carriers.links.recordHint')}
        options={records}
        placeholder={t('carriers.links.chooseRecord')}
        error={errors.carrierId?.message}
        {...register('carrierId', { required: t('carriers.links.chooseRecordFirst') })}
      />
      {refusal && (
        <p role="alert" className="text-sm text-red-600">
          {refusal}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('common.saving') : t('carriers.links.sendInvite')}
        </Button>
      </div>
    </form>
  );
}
