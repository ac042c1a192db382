// A driver's channels in fallback order (issue #29.3): tick the channels to use and move them up or
// down; the first ticked channel is tried first, the next only when it cannot carry the message.
// The staff's driver form and the driver app's settings both use it.
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CHANNELS, type Channel } from '@shared/contracts/messaging';
import { useServerText } from '../../../lib/server-text';
import { registerCatalogue } from '../../../lib/i18n';
import { carriersText } from '../i18n';

registerCatalogue(carriersText);

export function ChannelOrderField({
  value,
  onChange,
  error,
}: {
  value: readonly Channel[];
  onChange: (channels: Channel[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const say = useServerText();
  const rows: Channel[] = [...value, ...CHANNELS.filter((c) => !value.includes(c))];
  const toggle = (c: Channel) => onChange(value.includes(c) ? value.filter((x) => x !== c) : [...value, c]);
  const move = (c: Channel, by: -1 | 1) => {
    const next = [...value];
    const at = next.indexOf(c);
    const to = at + by;
    if (at < 0 || to < 0 || to >= next.length) return;
    [next[at], next[to]] = [next[to]!, next[at]!];
    onChange(next);
  };
  const message = say(error);
  return (
    <fieldset className="space-y-1" aria-describedby={message ? 'channel-order-message' : undefined}>
      <legend className="text-sm font-medium">{t('carriers.reach.channels')}</legend>
      <p className="text-xs text-slate-600">{t('carriers.reach.channelsHint')}</p>
      <ol className="space-y-1" aria-label={t('carriers.reach.channels')}>
        {rows.map((c) => {
          const at = value.indexOf(c);
          const name = t(`carriers.channel.${c}`);
          return (
            <li key={c} className="flex items-center gap-2 rounded border border-slate-200 px-2 py-1 text-sm">
              <span className="w-5 text-right text-slate-500" aria-hidden>
                {at >= 0 ? at + 1 : ''}
              </span>
              <label className="flex flex-1 items-center gap-2">
                <input type="checkbox" checked={at >= 0} onChange={() => toggle(c)} /> {name}
              </label>
              <button
                type="button"
                className="rounded p-1 hover:bg-slate-100 disabled:opacity-30"
                aria-label={t('carriers.reach.moveUp', { channel: name })}
                disabled={at <= 0}
                onClick={() => move(c, -1)}
              >
                <ArrowUp className="h-4 w-4" aria-hidden />
              </button>
              <button
                type="button"
                className="rounded p-1 hover:bg-slate-100 disabled:opacity-30"
                aria-label={t('carriers.reach.moveDown', { channel: name })}
                disabled={at < 0 || at === value.length - 1}
                onClick={() => move(c, 1)}
              >
                <ArrowDown className="h-4 w-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      {message && (
        <p id="channel-order-message" role="alert" className="text-sm text-red-600">
          {message}
        </p>
      )}
    </fieldset>
  );
}

/** The field bound to a form's `preferredChannels` (the staff's driver form, the driver app's settings). */
export function PreferredChannelsField<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <Controller
      control={control}
      name={'preferredChannels' as Path<T>}
      render={({ field, fieldState }) => (
        <ChannelOrderField
          value={(field.value as Channel[] | undefined) ?? []}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
