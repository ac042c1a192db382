// A management tab (Facilities, Zones, Bins, Products, Inventory): search and filters ('all' sent as
// nothing), a table with Edit and Delete per row, Previous/Next over server cursors with
// 'Page x of y (total)' when there is more than one page, and the inline form replacing the list.
// The search and filters are the page's query (?zoneId=...), so a reload keeps them.
// The save and delete mutations live here, so their toasts survive the form closing.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ZodMiniType } from 'zod/mini';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { inputClasses } from '../../../components/ui/field';
import { useDeleteEntity, useSaveEntity, useWmsList, type WmsEntity } from '../api/wms';
import { EntityForm, type FormField } from './entity-form';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}
export interface Filter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface EntityTabProps<T extends { id: string }> {
  entity: WmsEntity;
  columns: Column<T>[];
  filters?: Filter[];
  fields: FormField[];
  /** The fields an edit may change, when fewer than at creation (an inventory line's quantity and bin are not). */
  editFields?: FormField[];
  /** A note above an edit form's fields. */
  editHint?: string;
  /** Actions of a row beside Edit and Delete (an inventory line's Move). */
  rowActions?: (row: T) => ReactNode;
  schema: ZodMiniType;
  defaults: Record<string, unknown>;
  toForm?: (row: T) => Record<string, unknown>;
  canWrite: boolean;
  warning?: (values: Record<string, unknown>, editing: T | null) => string | null;
  onBlocked?: () => void;
  /** Buttons beside Add (the Bins tab's Add bins from a range). */
  actions?: ReactNode;
  /** What one row is, for the delete confirmation (wms.entity). */
  what: 'facility' | 'zone' | 'bin' | 'product' | 'inventoryItem';
}

const PAGE_SIZE = 10;

export function EntityTab<T extends { id: string }>(props: EntityTabProps<T>) {
  const { entity, columns, filters = [], canWrite } = props;
  const { t } = useTranslation();
  const [mode, setMode] = useState<{ kind: 'list' } | { kind: 'create' } | { kind: 'edit'; row: T }>({ kind: 'list' });
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const chosen = Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? 'all']));
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'all') next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = cursors.length;
  const list = useWmsList<T>(entity, { search, ...chosen, page, limit: PAGE_SIZE, cursor: cursors[page - 1] });
  const create = useSaveEntity<Record<string, unknown>>(entity, 'create');
  const update = useSaveEntity<Record<string, unknown>>(entity, 'update');
  const remove = useDeleteEntity(entity);
  const restart = () => setCursors([null]);

  if (mode.kind !== 'list') {
    const editing = mode.kind === 'edit' ? mode.row : null;
    const save = editing ? update : create;
    return (
      <EntityForm
        title={t(editing ? `wms.editTitle.${entity}` : `wms.add.${entity}`)}
        fields={(editing && props.editFields) || props.fields}
        hint={editing ? props.editHint : undefined}
        schema={props.schema}
        initial={editing ? (props.toForm ? props.toForm(editing) : { ...props.defaults, ...editing }) : props.defaults}
        pending={save.isPending}
        submitLabel={editing ? t('wms.list.save') : t(`wms.add.${entity}`)}
        warning={props.warning && ((values) => props.warning!(values, editing))}
        onBlocked={props.onBlocked}
        onClose={() => setMode({ kind: 'list' })}
        onSubmit={async (values) => {
          await save.mutateAsync({ ...values, id: editing?.id });
          setMode({ kind: 'list' });
        }}
      />
    );
  }

  const pagination = list.data?.pagination;
  const rows = list.data?.data ?? [];
  return (
    <Card>
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-end gap-2">
          <ListSearch value={search} onChange={(value) => (setParam('q', value), restart())} />
          {filters.map((f) => (
            <label key={f.name} className="min-w-32 text-sm">
              <span className="mb-1 block font-medium">{f.label}</span>
              <select
                className={inputClasses}
                value={chosen[f.name] ?? 'all'}
                onChange={(e) => (setParam(f.name, e.target.value), restart())}
              >
                <option value="all">{t('wms.list.all')}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {canWrite && (
            <Button onClick={() => setMode({ kind: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden /> {t(`wms.add.${entity}`)}
            </Button>
          )}
          {canWrite && props.actions}
        </div>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm" aria-label={t(`wms.tabs.${entity}`)}>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {columns.map((c) => (
                  <th key={c.label} className="px-2 py-2 font-medium">
                    {c.label}
                  </th>
                ))}
                {canWrite && <th className="px-2 py-2 font-medium">{t('wms.list.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100">
                  {columns.map((c) => (
                    <td key={c.label} className="px-2 py-2">
                      {c.cell(row)}
                    </td>
                  ))}
                  {canWrite && (
                    <td className="whitespace-nowrap px-2 py-2">
                      {props.rowActions?.(row)}
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('wms.list.edit')}
                        onClick={() => setMode({ kind: 'edit', row })}
                      >
                        <Pencil className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('wms.list.delete')}
                        onClick={() =>
                          window.confirm(t('wms.list.confirmDelete', { what: t(`wms.entity.${props.what}`) })) &&
                          remove.mutate(
                            { id: row.id },
                            {
                              onSuccess: () =>
                                list.data?.data.length === 1 && page > 1 && setCursors(cursors.slice(0, -1)),
                            },
                          )
                        }
                      >
                        <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {list.isLoading && <p className="p-3 text-sm text-slate-500">{t('wms.list.loading')}</p>}
          {!list.isLoading && !rows.length && <p className="p-3 text-sm text-slate-500">{t('wms.list.empty')}</p>}
        </div>
        <ListPager
          testId={`${entity}-pages`}
          pagination={pagination}
          onPrevious={page > 1 ? () => setCursors(cursors.slice(0, -1)) : null}
          onNext={pagination?.nextCursor ? () => setCursors([...cursors, pagination.nextCursor!]) : null}
        />
      </CardBody>
    </Card>
  );
}

/** The search box of a list. */
export function ListSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="min-w-40 flex-1 text-sm">
      <span className="mb-1 block font-medium">{t('wms.list.search')}</span>
      <input type="search" className={inputClasses} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** Previous and Next under a list, with 'Page x of y (total)' only when there is more than one page; null: no such page. */
export function ListPager({
  testId,
  pagination,
  onPrevious,
  onNext,
}: {
  testId: string;
  pagination: { page: number; pages: number; total: number } | undefined;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-slate-600" data-testid={testId}>
        {pagination && pagination.pages > 1
          ? t('wms.list.page', { page: pagination.page, pages: pagination.pages, total: pagination.total })
          : ''}
      </span>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={!onPrevious} onClick={() => onPrevious?.()}>
          {t('wms.list.previous')}
        </Button>
        <Button size="sm" variant="secondary" disabled={!onNext} onClick={() => onNext?.()}>
          {t('wms.list.next')}
        </Button>
      </div>
    </div>
  );
}
