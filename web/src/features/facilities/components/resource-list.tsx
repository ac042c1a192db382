// Labour in-charges or handling equipment of a facility, with a quick add form.
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useAddResource, useResources } from '../api/configuration';

export function ResourceList({ facilityId, kind }: { facilityId: string; kind: 'labor-incharges' | 'equipment' }) {
  const resources = useResources(facilityId, kind);
  const add = useAddResource(facilityId, kind);
  const [name, setName] = useState('');
  const [detail, setDetail] = useState('');
  const isEquipment = kind === 'equipment';
  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(isEquipment ? { name, type: detail } : { name, specialization: detail }, { onSuccess: () => { setName(''); setDetail(''); } });
        }}
      >
        <Field label={isEquipment ? 'Equipment name' : 'Labour in-charge name'} value={name} onChange={(e) => setName(e.target.value)} />
        <Field label={isEquipment ? 'Type' : 'Specialization'} value={detail} onChange={(e) => setDetail(e.target.value)} />
        <Button type="submit" disabled={add.isPending || !name.trim() || (isEquipment && !detail.trim())}>
          Add
        </Button>
      </form>
      {!resources.data?.length ? (
        <p className="text-sm text-slate-500">None yet</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {resources.data.map((r) => (
            <li key={r.id} className="py-2">
              <span className="font-medium">{r.name}</span>
              <span className="text-slate-500"> — {isEquipment ? [r.type, r.capacity].filter(Boolean).join(', ') : (r.specialization ?? '')}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
