// The choices the warehouse tabs offer (facilities, zones, bins, products, enum values in the user's language)
// and the active/inactive badge they share.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Badge } from '../../../components/ui/badge';
import { useWmsOptions } from '../api/wms';

export function useChoices() {
  const { t } = useTranslation();
  const options = useWmsOptions().data;
  const values = (list: readonly string[]) =>
    list.map((v) => ({ value: v, label: t(`wms.values.${v}`, { defaultValue: v }) }));
  return {
    t,
    values,
    facilities: (options?.facilities ?? []).map((f) => ({ value: f.id, label: f.name })),
    zones: (options?.zones ?? []).map((z) => ({ value: z.id, label: `${z.name} (${z.facility.name})` })),
    bins: (options?.bins ?? []).map((b) => ({ value: b.id, label: `${b.code} (${b.zone.name})` })),
    products: (options?.products ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` })),
  };
}

export const yesNo = (t: (k: string) => string, v: boolean) => (
  <Badge tone={v ? 'green' : 'gray'}>{t(v ? 'wms.values.active' : 'wms.values.inactive')}</Badge>
);
